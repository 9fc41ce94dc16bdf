"""The rulebook examples of twaalf-dagen: real engine games, told one trick at a time from their events."""
