"""The rules of twaalf-dagen (12 Dagen van Kerstmis), TD-C1 ... TD-K1, as its engine plays them.

The modules: :mod:`.config` (the configuration and the deck check), :mod:`.actions`,
:mod:`.events`, :mod:`.state` (the state machine) and :mod:`.engine` (the engine object).

Rules as implemented (IDs from the game's rule checklist):

* TD-C1 / TD-C2: the deck and the gift supply come from :class:`TwaalfDagenConfig`
  (built from the spec tables); :func:`validate_deck` checks them against the
  rules: card k in k copies for k = 1..12 (78 cards) and 12 gift cards.
* TD-B1: seats are ``0..n-1``, clockwise is increasing index. At game start
  chance draws the dealer (a recorded :class:`ChooseDealer` action); the
  player left of the dealer, ``(dealer + 1) % n``, leads the first trick. Each
  hand starts with a recorded :class:`Deal` chance action: the deck is
  shuffled and every player gets ``hand_sizes[n]`` cards (12, 11 with 7
  players, 9 with 8); undealt cards stay out of that hand.
* TD-B2: the leader must play (never pass) one combination: a *set* (2+ cards
  of one number), a *straight* (2+ consecutive numbers, one card each) or a
  *singleton*. The lowest card of the lead is the low card.
* TD-B3: clockwise, each other player passes or responds once with the same
  kind of combination containing at least one card equal to or lower than the
  *lead's* low card (not the lowest response so far). Sets and straights may be
  longer or shorter than the lead but have at least 2 cards.
* TD-B4: after one lap the player who played the lowest card wins the trick;
  on a tie the last one who played that card wins. If everyone passes, the
  leader played the only (so the lowest) card and wins. All played cards are
  discarded (except TD-B5) and the winner leads the next trick.
  **DECISION** (the seed names no dealer after the first hand): the player to
  the right of a hand's winner deals the next hand, so its leader (the winner,
  TD-B6) sits left of the dealer as in TD-B1; ``dealer`` of the state and of
  :class:`HandDealt` say who dealt.
* TD-B5: a player who played their last cards and did not win the trick takes
  those cards back into hand (logged as :class:`CardsReturned`). If the
  trick's winner has no cards left, the hand ends and that player wins it.
* TD-B6: the hand's winner takes one gift card from the central supply
  (:class:`GiftEarned`) and leads the next hand. Then every player with the
  most unplayed cards (ties: all of them, clockwise from the winner) gives one
  of their own gifts to the winner (:class:`GiftGiven`), or nothing if they
  have none (:class:`GiftNotGiven`). Handed-over gifts move between players;
  the supply only shrinks by the earned gifts.
* TD-B7 (full game): nobody starts with a gift; the game ends when the last
  gift card of the supply is claimed, so after ``gift_cards`` hands (12); as a
  safeguard it also ends after ``hands_full`` hands. Most gifts wins; ties
  share the win.
* TD-K1 (variant ``kort``): every player starts with ``start_gifts_short`` gift
  (1) taken from the supply; the game ends after ``hands_short`` hands (3).
  With the standard 12 gift cards the supply cannot run out first (8 players
  take 8, three hands take 3; :func:`validate_deck` refuses a supply that
  could), so the rulebook does not mention it; the engine still stops on an
  empty supply, as in TD-B7. Most gifts wins.

Termination: every trick discards the winner's cards (the winner always
played, and TD-B5 only returns the cards of players who did *not* win), so the
number of cards in hands drops by at least one per trick. A trick winner who
still holds cards leads the next trick, so a hand can last at most as many
tricks as cards were dealt; it ends exactly when a winner holds no cards.
No cap is needed.

Actions are plain ints for player moves (:data:`PASS` or a packed
combination, see :func:`make_play`) and :class:`ChooseDealer` / :class:`Deal`
objects for chance. Hands are count lists indexed by card number.
"""
