"""What one player may know: :class:`StoombootView`, the only thing policies see (ST-B2).

Public: the map (tiles, delivered houses), the pawns, the Stoomrij, this
round's positions with their icons, every face-up and every revealed card,
the pile sizes, the discard piles (every card in them was shown), the
Kalender (count, and in the base game the cards set aside), the delivered
pakjes, who the Sint is and what the Sint is asked.

Private: a player sees their own hand and the cards they laid face down
themselves; other hands and other players' face-down cards are hidden
(``None``) — except while Telefoon talk is open (ST-P1), when everybody may
tell everything: then every hand and every face-down card is visible.
"""

from __future__ import annotations

from pnp.games.stoomboot.rules.actions import ActionTable
from pnp.games.stoomboot.rules.cards import NO_CARD, CardTable
from pnp.games.stoomboot.rules.config import StoombootConfig
from pnp.games.stoomboot.rules.phases import CHOICE_NAMES, PHASE_NAMES
from pnp.games.stoomboot.rules.situation import StoombootSituation


class StoombootView:
    """A read-only window on the state for one seat."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: StoombootSituation, seat: int) -> None:
        self._state = state
        self.seat = seat

    # -- the rules and the table (public) -----------------------------------------

    @property
    def config(self) -> StoombootConfig:
        """The configuration (tiles, decks and rules are public)."""
        return self._state.config

    @property
    def tables(self) -> CardTable:
        """Card and tile lookup tables of the configuration."""
        return self._state.tables

    @property
    def actions(self) -> ActionTable:
        """The move texts and their parser of the configuration (public, like the rules)."""
        return self._state.acts

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self._state.num_players

    @property
    def size(self) -> int:
        """The map is ``size`` x ``size`` squares."""
        return self._state.size

    @property
    def phase(self) -> str:
        """``draw``, ``place`` or ``choice`` when a player acts (see ``phases``)."""
        return PHASE_NAMES[self._state.phase]

    @property
    def choice(self) -> str:
        """What the Sint is asked (``deliver``, ``stoom`` ...; ``""`` otherwise)."""
        return CHOICE_NAMES[self._state.choice]

    @property
    def round(self) -> int:
        """The current round (1-based)."""
        return self._state.round

    @property
    def sint(self) -> int:
        """The Sint of this round."""
        return self._state.sint

    @property
    def to_move(self) -> int:
        """The seat drawing or placing (-1 otherwise)."""
        return self._state.to_move

    @property
    def tile_kind(self) -> tuple[int, ...]:
        """Tile kind per square (``cards.HUIS`` ...)."""
        return self._state.tile_kind

    @property
    def house_at(self) -> tuple[int, ...]:
        """House code per square (-1 for other tiles)."""
        return self._state.house_at

    @property
    def delivered(self) -> tuple[bool, ...]:
        """Per house code: already delivered."""
        return tuple(self._state.delivered)

    @property
    def houses(self) -> tuple[int, ...]:
        """The house codes on the map."""
        return self._state.on_map

    @property
    def pawn_squares(self) -> tuple[int, ...]:
        """Square per pawn (0 the boat, ``1 + seat`` a Piet; -1 off the map)."""
        return tuple(self._state.pawn_sq)

    @property
    def pawn_headings(self) -> tuple[int, ...]:
        """Heading per pawn."""
        return tuple(self._state.pawn_head)

    @property
    def row(self) -> tuple[int, ...]:
        """The Stoomrij, left to right (codes)."""
        return tuple(self._state.row)

    @property
    def positions(self) -> int:
        """Positions of this round."""
        return len(self._state.slot_card)

    @property
    def icons(self) -> tuple[int, ...]:
        """Icon per position of this round."""
        return tuple(self._state.slot_icon)

    @property
    def open_positions(self) -> tuple[bool, ...]:
        """Per position: a card may be laid face up."""
        return tuple(self._state.slot_open)

    @property
    def revealed(self) -> int:
        """Positions revealed so far this round."""
        return self._state.cursor

    @property
    def anchor(self) -> bool:
        """An anker was carried out: the next Varen card of this round is ignored."""
        return self._state.anchor

    @property
    def talk(self) -> bool:
        """Telefoon talk is open: everybody may tell everything."""
        return self._state.talk

    def pile_size(self, deck: int) -> int:
        """Cards in the draw pile of ``deck``."""
        return len(self._state.piles[deck])

    def discard_pile(self, deck: int) -> tuple[int, ...]:
        """The discard pile of ``deck`` (bottom first); every card in it was shown."""
        return tuple(self._state.discards[deck])

    @property
    def kalender_count(self) -> int:
        """Kalender cards set aside (base) or taken (krappe-kalender)."""
        state = self._state
        return len(state.kal_drawn) if state.krappe else len(state.kalender)

    @property
    def kalender_left(self) -> int:
        """Rounds that may still end before pakjesavond is over (after this one)."""
        state = self._state
        if state.krappe:
            return len(state.kal_pile) - 1
        return state.config.calendar_limit - len(state.kalender) - 1

    @property
    def kalender_cards(self) -> tuple[int, ...]:
        """Base game: the cards set aside (public)."""
        return tuple(self._state.kalender)

    @property
    def out(self) -> tuple[int, ...]:
        """The delivered pakje cards (out of the game)."""
        return tuple(self._state.out)

    @property
    def options(self) -> tuple[str, ...]:
        """The Sint's current options (public: the Sint decides in the open)."""
        return self._state.options

    @property
    def card_pawn(self) -> int:
        """The pawn the Varen card being carried out moves."""
        return self._state.card_pawn

    @property
    def card_icon(self) -> int:
        """The icon of the position being carried out."""
        return self._state.card_icon

    @property
    def current_card(self) -> int:
        """The Varen card being carried out (``NO_CARD`` before the first)."""
        return self._state.card_code

    @property
    def pending_card(self) -> int:
        """The Stoomboot card a haven / extra-kolen is attaching (shown to all)."""
        return self._state.pending_card

    # -- cards this seat may know ----------------------------------------------------

    @property
    def hand(self) -> tuple[int, ...]:
        """This seat's hand (codes)."""
        return tuple(self._state.hands[self.seat])

    def hand_of(self, seat: int) -> tuple[int, ...] | None:
        """``seat``'s hand if this seat may know it (own, or Telefoon talk), else ``None``."""
        state = self._state
        if seat == self.seat or state.talk:
            return tuple(state.hands[seat])
        return None

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds (public)."""
        return len(self._state.hands[seat])

    def slot(self, position: int) -> int | None:
        """The card under ``position`` as this seat knows it.

        ``NO_CARD`` for an empty position (or one whose card left the table);
        ``None`` for a face-down card this seat did not lay (unless talk is open).
        """
        state = self._state
        card = state.slot_card[position]
        if card == NO_CARD:
            return NO_CARD
        if (
            state.slot_up[position]
            or position < state.cursor
            or state.slot_owner[position] == self.seat
            or state.talk
        ):
            return card
        return None

    def slots(self) -> tuple[int | None, ...]:
        """Every position of this round as this seat knows it (see :meth:`slot`)."""
        return tuple(self.slot(p) for p in range(len(self._state.slot_card)))

    def slot_owner(self, position: int) -> int:
        """Who laid the card under ``position`` (public: everyone saw it), -1 if empty."""
        return self._state.slot_owner[position]

    def face_up(self, position: int) -> bool:
        """True when the card under ``position`` was laid face up."""
        return self._state.slot_up[position]
