"""What a Stoomboot kit needs beyond the rules: spec config, figures, map sheet, studies."""
