"""Santoska's rulebook examples: the rows and STORY, the notation of events, the sentences, claims and their checks, the trace hooks and the table figure."""
