"""The state machine's vocabulary: agenda steps, player status and bid-card flags.

The game state keeps an *agenda*: a tuple of steps still to happen this
round, the first of which is the current node. A step is a tuple
``(kind, a, b, c)`` (unused arguments omitted). Kinds below 20 wait for a
chance outcome, kinds 20-39 for a player's move, kinds from 40 on are done by
the rules at once. Action cards and the coin push their steps to the front.
"""

from __future__ import annotations

Step = tuple[int, ...]

# -- chance steps -------------------------------------------------------------
FIRST_SINT = 1  # (): the first Sint (SK-B1)
DEAL = 2  # (): scored cards back, hands filled (SK-B3)
REVEAL = 3  # (lap,): a Pakjeskamer card; lap 0 for Amerigo
DRAW = 4  # (seat, cards, reason): cards from the stack into a hand
PEEK = 5  # (seat,): Kijkpiet looks at the top card
PICK_STAKE = 6  # (seat,): a random scored card joins the bid (SK-V4)
PASS_LEFT = 7  # (): Roetpiet, every hand passes a random card left
STEAL = 8  # (victim, taker): Snoeppiet
LAST_CHANCE = 19

# -- decision steps -----------------------------------------------------------
LIMIT = 20  # (sint,): name the minimum hand (SK-V3)
GIVE_BIG = 21  # (sint,): hand out the Big Sint (SK-W1)
OPEN_SMALL = 22  # (seat,): Small Sint's opening card (SK-W2)
OPEN_BIG = 23  # (seat, target): Big Sint doubles (SK-W3)
LAP = 24  # (lap,): a bidding lap, one turn at a time (SK-B4)
COIN = 25  # (seat,): more stake or more cards (SK-V4)
JOIN = 26  # (seat,): follow a "meer inzet" (SK-V4)
PEEK_PLACE = 27  # (seat,): Kijkpiet keeps the card on top or puts it under
STAFPIET_CHOICE = 28  # (seat,): Small or Big Sint (SK-W4)
WISSEL = 29  # (seat,): Wisselpiet
INPAK_COLOUR = 30  # (seat,): Inpakpiet's colour at scoring
STRIKE = 31  # (seat,): Pietje Precies strike at scoring (SK-P3)
KEEP = 32  # (seat,): keep or discard the hand after the round (SK-V3)
LAST_DECISION = 39

TURN_STEPS = (OPEN_SMALL, OPEN_BIG, LAP)

# -- automatic steps ----------------------------------------------------------
ROUND_START = 40
OPENING = 41
LAP_START = 42  # (lap,)
SHOWDOWN_PREP = 43
SHOWDOWN = 44
ONE_LEFT = 45  # (seat,)
OPEN_BIG_PREP = 46  # (small seat,)
JOIN_PREP = 47  # (bidder,)
GAME_END = 48

# -- draw reasons -------------------------------------------------------------
REASON_STROOIPIET = 1
REASON_SCHOENPIET = 2
REASON_COIN = 3
REASON_NAMES = {
    REASON_STROOIPIET: "strooipiet",
    REASON_SCHOENPIET: "schoenpiet",
    REASON_COIN: "more-cards",
}

# -- player status in a round -------------------------------------------------
IN = 0
STOPPED = 1
ALL_IN = 2

# -- bid entries: card code | flags -------------------------------------------
CARD_MASK = (1 << 12) - 1
FACE_DOWN = 1 << 12
"""Bid face down as a Pietje Precies (SK-P4)."""
LOCKED = 1 << 13
"""May not be exchanged back into the hand (it worked, came from the scored pile, or was swapped in)."""

# -- how a round ended (metrics) ----------------------------------------------
ENDING_ONE_LEFT = 0
ENDING_BEST = 1
ENDING_TIE = 2
