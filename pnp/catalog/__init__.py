"""Which games there are and where their files are: the registry of games, finding a game's
data, and loading it with the layout and art libraries it draws from."""
