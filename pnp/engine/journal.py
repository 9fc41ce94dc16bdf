"""The undo journal of engine states: cheap push/pop without copying the state.

A state keeps its scalars in a tuple per action and records every change to
its lists (and every replaced attribute) in ``self._ops`` through the
``journal_*`` methods; :meth:`Journaled.undo_ops` reverts one action's
changes, newest first. A state class mixes in :class:`Journaled` and sets
``self._ops`` to a fresh list before it applies each action.
"""

from __future__ import annotations

from typing import Any

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


class Journaled:
    """Undoable changes to a state's lists and attributes (a mixin for engine states)."""

    __slots__ = ()
    _ops: list[tuple[Any, ...]]

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
