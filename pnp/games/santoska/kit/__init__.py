"""What a printed Santoska kit needs beyond the rules: the configuration from the spec tables, the setup figures and the balance report's measures."""
