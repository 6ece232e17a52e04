"""``python -m scoring``: an error about a game-set file names the file once, whichever command read it.

Two bugs found in issue #22's mutation work: ``verify`` named a file that is not JSON twice, and
``analyse`` did not name a file that is JSON but not a game-set file. Now ``load_game_sets`` starts
every ``GameSetError`` with the path, and the commands pass it on as it is.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring.cli import main

NOT_JSON = "not JSON (Expecting property name enclosed in double quotes at line 1, column 2)"
NOT_AN_OBJECT = "a game-set file must hold a JSON object"


@pytest.mark.parametrize(
    ("command", "content", "says"),
    [
        ("verify", "{nope", NOT_JSON),
        ("verify", "[]", NOT_AN_OBJECT),
        ("analyse", "{nope", NOT_JSON),
        ("analyse", "[]", NOT_AN_OBJECT),
    ],
)
def test_a_bad_game_set_file_is_named_once(tmp_path: Path, capsys, command: str, content: str, says: str) -> None:
    path = tmp_path / "sets.json"
    path.write_text(content)
    code = main([command, str(path)])
    captured = capsys.readouterr()
    assert (code, captured.out) == (1, "")
    assert captured.err == f"python -m scoring {command}: error: {path}: {says}\n"
