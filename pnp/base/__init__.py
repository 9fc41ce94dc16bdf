"""The base every layer stands on: errors, paths and data roots, reading data files safely,
writing files atomically, units, and the small value types options share."""
