"""A balance report on paper: its data (:mod:`.model`), its charts and its pages."""
