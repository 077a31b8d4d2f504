"""`-o /dev/null` and other files that are not regular files are written in place, never replaced.

`write_atomically` renames a temporary file over its target; over `/dev/null` that replaced the device
with a regular file (every later `> /dev/null` on the machine then wrote into it). Checked on a FIFO,
which a test can make without privileges: it stays a FIFO and its reader gets the text.
"""

from __future__ import annotations

import os
import stat
import threading

import pytest

from cuda2tile.files import write_atomically


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_written_in_place(tmp_path):
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()), daemon=True)  # never hangs the run
    reader.start()
    write_atomically(fifo, "report\n")
    reader.join(10)
    assert got == ["report\n"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.fifo"]  # no temporary file left


def test_a_regular_file_is_still_replaced_atomically(tmp_path):
    target = tmp_path / "r.txt"
    target.write_text("old")
    write_atomically(target, "new")
    assert target.read_text() == "new" and sorted(p.name for p in tmp_path.iterdir()) == ["r.txt"]

