"""Type stubs of the extension module (re-exported by ``sudokit``)."""

from typing import Any, Optional, Sequence, Union, overload

try:
    import numpy as _np
    import numpy.typing as _npt

    _U8Array = _npt.NDArray[_np.uint8]
    _I64Array = _npt.NDArray[_np.int64]
except ImportError:  # numpy is optional
    _U8Array = Any  # type: ignore[misc]
    _I64Array = Any  # type: ignore[misc]

__version__: str

@overload
def solve(puzzle: str) -> Optional[str]: ...
@overload
def solve(puzzle: Sequence[str]) -> list[Optional[str]]: ...
@overload
def solve(puzzle: _U8Array) -> _U8Array: ...
def solve(puzzle: Any) -> Any:
    """The solution as an 81-character string, or None when there is none.

    A list gives a list (None for a bad puzzle); a uint8 array of shape
    (n, 81), 0 for empty cells, gives an (n, 81) array with rows of zeros
    where there is no solution. Raises ValueError for a bad puzzle string
    with the CLI's message, e.g. ``r1c1 and r1c5 both hold 5``, and for a
    player's position (placed digits, pencil marks), which only
    ``explain``, ``hint`` and ``grade`` take; TypeError for an argument
    that is none of the three (an int64 array names its dtype and shape).
    """

@overload
def count_solutions(puzzles: str, limit: int = 2) -> int: ...
@overload
def count_solutions(puzzles: Sequence[str], limit: int = 2) -> list[Optional[int]]: ...
@overload
def count_solutions(puzzles: _U8Array, limit: int = 2) -> _I64Array: ...
def count_solutions(puzzles: Any, limit: int = 2) -> Any:
    """Solutions counted up to ``limit`` (2: the uniqueness check).

    A list gives a list (None for a bad puzzle), counted on all cores
    without the GIL; an (n, 81) uint8 array gives an int64 array (-1 for
    givens that break the rules). Raises TypeError for an argument of
    another type, as ``solve`` does.
    """

def is_unique(puzzle: str) -> bool:
    """Whether the puzzle has exactly one solution."""

def check(puzzle: str, minimal: bool = False) -> dict[str, Any]:
    """The ``check`` command's object: status (unique, multiple, none,
    invalid), clues, digits, reason; with ``minimal`` whether every clue is
    needed and which one is not."""

def explain(puzzle: str, techniques: Optional[str] = None, lang: str = "en") -> dict[str, Any]:
    """The ``explain --format json`` object: the grade, status and steps.

    ``puzzle`` may be a player's position in a pencil-mark format (729
    characters, a pencil-mark grid, a HoDoKu library line, SimpleSudoku's
    three grids): the solution path then goes on from its placed digits and
    marks, and a position with mistakes gives ``"status": "mistakes"``.
    ``techniques`` is a comma-separated list as ``--techniques`` takes it
    (``"+kraken-fish,+death-blossom"``: the default set with those switched
    on, as HoDoKu's preferences do); ``lang`` is ``en`` or ``es``.
    """

def hint(
    puzzle: str, techniques: Optional[str] = None, lang: str = "en", all: bool = False
) -> dict[str, Any]:
    """The ``hint --format json`` object (the next step), or with ``all``
    the ``hint --all`` object (every step at the position). A player's
    position (see ``explain``) is answered from its digits and marks,
    mistakes first."""

@overload
def grade(
    puzzles: str, techniques: Optional[str] = None, lang: str = "en", steps: bool = True
) -> dict[str, Any]: ...
@overload
def grade(
    puzzles: Sequence[str], techniques: Optional[str] = None, lang: str = "en", steps: bool = True
) -> list[dict[str, Any]]: ...
def grade(puzzles: Any, techniques: Optional[str] = None, lang: str = "en", steps: bool = True) -> Any:
    """The ``grade --format json`` object: HoDoKu level and score, SE
    rating (se_er, se_ep, se_ed), hardest technique, steps.

    A player's position (see ``explain``) is graded on what is left. A list
    is graded on all cores; a bad puzzle of a list gives
    ``{"puzzle": ..., "error": ...}`` in its place. ``steps=False`` leaves
    the steps out.
    """

def generate(
    n: int = 1,
    level: Optional[str] = None,
    technique: Optional[str] = None,
    symmetry: str = "rotate180",
    minimal: bool = False,
    seed: Optional[int] = None,
    clues: Optional[int] = None,
    rating: Optional[str] = None,
    timeout: float = 60.0,
) -> list[str]:
    """``n`` puzzles as ``sudokit generate`` makes them: puzzle i comes from
    seed ``seed + i``, so a seed gives exactly the CLI's puzzles. ``rating``
    is an SE range such as ``"6.5..7.5"``. Raises ValueError for impossible
    targets or when ``timeout`` seconds pass for one puzzle.
    """

def trace(
    puzzle: str,
    algorithm: str = "deepening",
    select: str = "next",
    techniques: Optional[str] = None,
    seed: int = 0,
    limit: Optional[int] = 1,
    max_iterations: Optional[int] = None,
    max_nodes: int = 2000,
    lang: str = "es",
) -> dict[str, Any]:
    """A run of backtracking, branch-and-bound or deepening: solutions,
    found, stop, stats; for deepening also the iteration ``trace`` (the
    text of ``sudokit trace``), the search tree's ``nodes`` (id, parent,
    depth, iteration, cell, digit, verdict) and its ``svg``.
    """

def techniques(lang: str = "en") -> list[dict[str, Any]]:
    """Every technique of the table: name, family, HoDoKu level and score,
    SE rating, default, available, summary."""
