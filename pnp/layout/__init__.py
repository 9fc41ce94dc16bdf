"""Layout templates: declarative descriptions of how a card kind looks."""
