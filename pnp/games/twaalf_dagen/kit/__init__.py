"""What a printed kit of twaalf-dagen needs beyond its rules: the spec tables' configuration, the setup figures, the balance report's measures."""
