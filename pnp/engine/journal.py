"""The undo journal of engine states: cheap push/pop without copying the state.

A state keeps its scalars in a tuple per action and records every change to
its lists (and every replaced attribute) through the ``journal_*`` methods;
popping an action restores the scalars, reverts those changes newest first
and forgets the events the action logged. A state class mixes in
:class:`Journaled` and applies an action in ``_apply``; its scalars are derived
from its ``__slots__`` (:func:`scalar_names`).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

from pnp.engine.core import Event, EventLog

OP_APPEND = 0
"""``(OP_APPEND, items)``: an item was appended."""
OP_POP = 1
"""``(OP_POP, items, value)``: the last item was removed."""
OP_SET = 2
"""``(OP_SET, items, index, old value)``: an item was replaced."""
OP_ATTR = 3
"""``(OP_ATTR, name, old value)``: an attribute was replaced."""
OP_INSERT = 4
"""``(OP_INSERT, items, index)``: an item was inserted."""
OP_DELETE = 5
"""``(OP_DELETE, items, index, value)``: an item was removed from the middle."""


SCALAR_TYPES = (int, float, str, bool, tuple, frozenset, type(None))
"""The values a state keeps as scalars: immutable, so saving one is keeping a reference."""

_UNDO: dict[type, tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]] = {}
"""Per state class: its undo scalars' names and a getter of their values."""


def state_fields(state: object) -> list[str]:
    """The public fields of ``state``: its slots (those of its base classes too), without
    the journal's own and ``history``."""
    return [
        name
        for cls in type(state).__mro__
        for name in getattr(cls, "__slots__", ())
        if not name.startswith("_") and name != "history"
    ]


def scalar_names(state: object) -> tuple[str, ...]:
    """The attributes of ``state`` that undo restores: every public slot holding an immutable
    value (:data:`SCALAR_TYPES`), read off the first state of its class that is pushed.
    Lists are journaled change by change instead (a list replaced whole goes through
    ``journal_attr``); constants (the configuration) are restored to themselves, which costs
    a reference each. So a state lists its fields once, in ``__slots__``, and no undo list
    can fall behind them (the engine contract checks that every other field is a list or
    never replaced)."""
    fields = state_fields(state)
    return tuple(n for n in fields if isinstance(getattr(state, n, None), SCALAR_TYPES))


def _undo_scalars(state: object) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    """The names of ``state``'s undo scalars and their getter, made once per class."""
    found = _UNDO.get(type(state))
    if found is None:
        names = scalar_names(state)
        get = attrgetter(*names) if names else (lambda _s: ())
        getter = (lambda s: (get(s),)) if len(names) == 1 else get
        found = _UNDO[type(state)] = (names, getter)
    return found


class Journaled:
    """Push/pop, events and undoable changes for an engine state (a mixin).

    The state provides the slots ``_log`` (``None`` when events are off),
    ``_marks``, ``_undo``, ``_ops`` and ``history`` (all empty lists at the
    start) and the method ``_apply``; ``_scalars`` and ``_restore_scalars`` come from
    :func:`scalar_names` (a state that writes one of them writes both).
    """

    __slots__ = ()
    _log: EventLog | None
    _marks: list[int]
    _undo: list[tuple[tuple[Any, ...], list[tuple[Any, ...]]]]
    _ops: list[tuple[Any, ...]]
    history: list[Any]

    def _apply(self, action: Any) -> None:
        """Carry out ``action`` (``ValueError`` when it does not fit the state)."""
        raise NotImplementedError

    def _scalars(self) -> tuple[Any, ...]:
        """The state's scalar attributes, to restore on undo (:func:`scalar_names`)."""
        return _undo_scalars(self)[1](self)

    def _restore_scalars(self, scalars: tuple[Any, ...]) -> None:
        """Set the scalar attributes back to ``scalars``."""
        for name, value in zip(_undo_scalars(self)[0], scalars, strict=True):
            setattr(self, name, value)

    def push(self, action: Any) -> None:
        """Apply ``action`` and remember how to undo it.

        Moves are not checked against ``legal_actions()`` (use
        :func:`pnp.engine.core.replay` for untrusted records), but an action
        that does not fit the state raises ``ValueError`` and leaves the state
        unchanged.
        """
        log = self._log
        if log is not None:
            self._marks.append(len(log))
        ops: list[tuple[Any, ...]] = []
        self._undo.append((self._scalars(), ops))
        self._ops = ops  # type: ignore[misc]  # the slot is declared by the state class
        try:
            self._apply(action)
        except BaseException:
            self._undo_last()
            raise
        self.history.append(action)

    def advance(self, action: Any) -> None:
        """Apply ``action`` for good: :meth:`push` without keeping an undo record.

        For simulations, which never undo: the scalars are not saved and the
        list changes of the action are dropped with the next one, so a long
        game keeps no journal alive. Everything played so far becomes
        permanent (:meth:`pop` refuses to go back past it). An action that
        does not fit the state still raises ``ValueError``, but the state is
        then left half changed: only play legal actions this way.
        """
        if self._undo:
            self._undo.clear()
            self._marks.clear()
        self._ops = []  # type: ignore[misc]  # the slot is declared by the state class
        self._apply(action)
        self.history.append(action)

    def pop(self) -> Any:
        """Undo the last action (and everything the rules did after it) and return it."""
        if not self._undo:
            raise IndexError("nothing to undo: no action was pushed since the start or an advance")
        action = self.history.pop()
        self._undo_last()
        return action

    def _undo_last(self) -> None:
        scalars, ops = self._undo.pop()
        self._restore_scalars(scalars)
        self.undo_ops(ops)
        if self._log is not None:
            self._log.truncate(self._marks.pop())

    def emit(self, event: Event) -> None:
        """Log ``event`` if the log is on (hot paths test ``log_on`` first)."""
        if self._log is not None:
            self._log.emit(event)

    @property
    def log_on(self) -> bool:
        """True when events are recorded."""
        return self._log is not None

    def journal_set(self, items: list[Any], index: int, value: Any) -> None:
        """``items[index] = value``, undoable."""
        self._ops.append((OP_SET, items, index, items[index]))
        items[index] = value

    def journal_append(self, items: list[Any], value: Any) -> None:
        """``items.append(value)``, undoable."""
        items.append(value)
        self._ops.append((OP_APPEND, items))

    def journal_pop(self, items: list[Any]) -> Any:
        """``items.pop()``, undoable."""
        value = items.pop()
        self._ops.append((OP_POP, items, value))
        return value

    def journal_insert(self, items: list[Any], index: int, value: Any) -> None:
        """``items.insert(index, value)``, undoable."""
        items.insert(index, value)
        self._ops.append((OP_INSERT, items, index))

    def journal_delete(self, items: list[Any], index: int) -> Any:
        """``del items[index]`` (returns the item), undoable."""
        value = items.pop(index)
        self._ops.append((OP_DELETE, items, index, value))
        return value

    def journal_attr(self, name: str, value: Any) -> None:
        """Replace the attribute ``name`` (a list or other container), undoable."""
        self._ops.append((OP_ATTR, name, getattr(self, name)))
        setattr(self, name, value)

    def undo_ops(self, ops: list[tuple[Any, ...]]) -> None:
        """Revert the changes of one action, newest first."""
        for op in reversed(ops):
            kind = op[0]
            if kind == OP_APPEND:
                op[1].pop()
            elif kind == OP_POP:
                op[1].append(op[2])
            elif kind == OP_SET:
                op[1][op[2]] = op[3]
            elif kind == OP_ATTR:
                setattr(self, op[1], op[2])
            elif kind == OP_INSERT:
                del op[1][op[2]]
            else:
                op[1].insert(op[2], op[3])
