"""The light block markup rulebook templates produce, parsed into blocks for the layout.

The rendered template text uses a few line-based forms::

    # Hoofdstuk            (level 1 heading, starts a chapter, listed in the contents)
    ## Paragraaf           (level 2 heading, listed in the contents)
    ### Kopje              (level 3 heading)
    Gewone tekst over één of meer regels; een lege regel sluit de alinea af.
    - een opsomming        (continuation lines are indented by two spaces)
    1. een genummerde stap
    > een kader met een tip
    ::directive argument   (a generated part: title, toc, components, examples, pagebreak, cards)
    ::anchor name          (names the section that follows, for readers outside the book;
                            prints nothing)

Paragraphs, list items and notes may end with rule IDs in brackets, e.g.
``[TD-B3]`` or ``[TD-B4, TD-B5]``: the proofreading edition prints them small so
readers can trace every rule to the checklist; the family edition leaves them out. Inline ``**vet**`` and ``*schuin*`` become bold
and italic; everything else is literal text (``<`` and ``&`` are escaped).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from pnp.spec.rule_list import STATED_RULES

DIRECTIVES = (
    "title",
    "toc",
    "components",
    "box",
    "gallery",
    "opzet",
    "examples",
    "pagebreak",
    "backcover",
    "cards",
    "anchor",
)
"""Names a ``::`` line may use."""

_RULE_TAG = re.compile(rf"\s*{STATED_RULES}\s*$")
_INLINE_RULES = re.compile(STATED_RULES)
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_ORDERED = re.compile(r"^(\d+)\.\s+")


class MarkupError(ValueError):
    """A line of rendered rulebook text that the markup does not allow."""

    def __init__(self, line: int, text: str, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.text = text
        self.message = message


@dataclass(frozen=True)
class Heading:
    """A heading; levels 1 and 2 go into the table of contents."""

    level: int
    text: str


@dataclass(frozen=True)
class Paragraph:
    """Running text in reportlab paragraph markup, with the rule IDs it states."""

    text: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class ListBlock:
    """A bulleted or numbered list; each item is paragraph markup with its rule IDs."""

    items: tuple[Paragraph, ...]
    ordered: bool


@dataclass(frozen=True)
class Note:
    """A boxed tip or reminder."""

    text: Paragraph


@dataclass(frozen=True)
class Directive:
    """A generated part of the rulebook, e.g. ``::components``."""

    name: str
    args: tuple[str, ...]
    line: int


Block = Heading | Paragraph | ListBlock | Note | Directive


RULE_TAG_MARKUP = '<font size="7" color="#8A8178">[\\1]</font>'
"""How a rule ID in brackets is printed: small and grey."""

PRINTED_RULE_TAG = re.compile(r'\s*<font size="7" color="#8A8178">\[[^\]]*\]</font>')
"""Rule IDs as :data:`RULE_TAG_MARKUP` prints them, with the space before them."""


def inline(text: str) -> str:
    """Plain text with ``**bold**``, ``*italic*`` and ``[XX-B1]`` rule IDs as paragraph markup.

    Emphasis that crosses other emphasis (``*a **b* c**``) cannot be nested, so it is
    printed as written, asterisks and all: the markup is always well formed.
    """
    escaped = escape(text, quote=False)
    bold = _BOLD.sub(r"<b>\1</b>", escaped)
    both = _ITALIC.sub(r"<i>\1</i>", bold)
    for candidate in (both, bold, escaped):
        if _well_nested(candidate):
            return _INLINE_RULES.sub(RULE_TAG_MARKUP, candidate)
    raise AssertionError("escaped text holds no tags")  # pragma: no cover


_EMPHASIS_TAG = re.compile(r"<(/?)([bi])>")


def _well_nested(markup: str) -> bool:
    """Whether every ``<b>`` and ``<i>`` tag of ``markup`` closes in the order it opened."""
    stack: list[str] = []
    for closing, tag in _EMPHASIS_TAG.findall(markup):
        if not closing:
            stack.append(tag)
        elif not stack or stack.pop() != tag:
            return False
    return not stack


def _paragraph(text: str) -> Paragraph:
    rules: tuple[str, ...] = ()
    match = _RULE_TAG.search(text)
    if match:
        rules = tuple(r.strip() for r in match.group(1).split(","))
        text = text[: match.start()]
    return Paragraph(inline(" ".join(text.split())), rules)


MAX_WORD = 100
"""The longest word a rulebook line may hold (a Dutch compound is rarely over 40 letters)."""

MAX_PARAGRAPH = 8000
"""The most characters of one paragraph, list item or note (several pages of text)."""

MAX_HEADINGS = 300
"""The most headings a rulebook may have (the table of contents lists them)."""

MAX_DIRECTIVES = 200
"""The most ``::`` directives (figures, examples, page breaks) a rulebook may have."""


class _Parser:
    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.lines: list[str] = []
        self.kind: str | None = None  # "para", "list", "olist", "note"
        self.items: list[list[str]] = []
        self.started = 0
        """The line the open paragraph, list item or note started on."""
        self.size = 0
        """The characters of the open paragraph, list item or note so far."""
        self.counts = {"heading": 0, "directive": 0}

    def flush(self) -> None:
        if self.kind == "para":
            self.blocks.append(_paragraph(" ".join(self.lines)))
        elif self.kind == "note":
            self.blocks.append(Note(_paragraph(" ".join(self.lines))))
        elif self.kind in ("list", "olist"):
            items = tuple(_paragraph(" ".join(item)) for item in self.items)
            self.blocks.append(ListBlock(items, ordered=self.kind == "olist"))
        self.kind, self.lines, self.items = None, [], []

    def item(self, kind: str, text: str) -> None:
        if self.kind != kind:
            self.flush()
            self.kind = kind
        self.items.append([text])

    def line(self, number: int, raw: str) -> None:
        text = raw.rstrip()
        stripped = text.strip()
        if not stripped:
            self.flush()
            return
        longest = max(stripped.split(), key=len)
        if len(longest) > MAX_WORD:
            raise MarkupError(
                number, text, f"a word of {len(longest)} characters (at most {MAX_WORD})"
            )
        if self.kind is None or stripped.startswith(("#", "::", "- ", ">")) or _ORDERED.match(text):
            self.started, self.size = number, 0
        self.size += len(stripped)
        if self.size > MAX_PARAGRAPH:
            raise MarkupError(
                self.started, text, f"a paragraph of more than {MAX_PARAGRAPH} characters"
            )
        if stripped.startswith("#"):
            self.heading(number, stripped)
        elif stripped.startswith("::"):
            self.directive(number, stripped)
        elif text.startswith("- "):
            self.item("list", text[2:])
        elif _ORDERED.match(text):
            self.item("olist", _ORDERED.sub("", text, count=1))
        elif text.startswith(">"):
            if self.kind != "note":
                self.flush()
                self.kind = "note"
            self.lines.append(text[1:].strip())
        elif self.kind in ("list", "olist") and text.startswith("  "):
            self.items[-1].append(stripped)
        elif self.kind == "para":
            self.lines.append(stripped)
        else:
            self.flush()
            self.kind = "para"
            self.lines.append(stripped)

    def count(self, kind: str, limit: int, number: int, text: str) -> None:
        self.counts[kind] += 1
        if self.counts[kind] > limit:
            raise MarkupError(number, text, f"more than {limit} {kind}s in one rulebook")

    def heading(self, number: int, text: str) -> None:
        self.flush()
        self.count("heading", MAX_HEADINGS, number, text)
        marks = len(text) - len(text.lstrip("#"))
        title = text[marks:].strip()
        if marks > 3 or not title:
            raise MarkupError(number, text, "a heading is '#', '##' or '###' followed by its title")
        self.blocks.append(Heading(marks, title))

    def directive(self, number: int, text: str) -> None:
        self.flush()
        self.count("directive", MAX_DIRECTIVES, number, text)
        words = text[2:].split()
        if not words:
            raise MarkupError(number, text, "a directive needs a name after '::'")
        name, *args = words
        if name not in DIRECTIVES:
            raise MarkupError(
                number, text, f"unknown directive '::{name}' (known: {', '.join(DIRECTIVES)})"
            )
        last = self.blocks[-1] if self.blocks else None
        if name == "pagebreak" and isinstance(last, Directive) and last.name == "pagebreak":
            raise MarkupError(number, text, "a page break right after a page break (an empty page)")
        self.blocks.append(Directive(name, tuple(args), number))


def parse(text: str) -> list[Block]:
    """Parse rendered template text into blocks; raises :class:`MarkupError` on a bad line."""
    parser = _Parser()
    for number, raw in enumerate(text.splitlines(), start=1):
        parser.line(number, raw)
    parser.flush()
    return parser.blocks
