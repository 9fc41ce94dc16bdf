"""twaalf-dagen (12 Dagen van Kerstmis)."""
