"""Output files: written whole through a temporary file, never over a file unasked."""

from __future__ import annotations

import os
import stat

import pytest

from gametree.exceptions import GameTreeError
from gametree.outfiles import (
    OutputExistsError,
    check_new_output,
    replacing,
    write_bytes,
    write_text,
)


def test_new_file_written(tmp_path):
    path = write_text(tmp_path / "a.txt", "x\ny")
    assert path.read_bytes() == b"x\ny"
    assert sorted(os.listdir(tmp_path)) == ["a.txt"]


def test_existing_file_refused_and_kept(tmp_path):
    target = tmp_path / "a.txt"
    target.write_text("mine")
    with pytest.raises(OutputExistsError) as caught:
        write_text(target, "theirs")
    assert isinstance(caught.value, FileExistsError)
    assert isinstance(caught.value, GameTreeError)
    assert "a.txt" in str(caught.value) and "force" in str(caught.value)
    assert target.read_text() == "mine"
    assert sorted(os.listdir(tmp_path)) == ["a.txt"]


def test_force_replaces(tmp_path):
    target = tmp_path / "a.bin"
    target.write_bytes(b"old")
    write_bytes(target, b"new", force=True)
    assert target.read_bytes() == b"new"
    assert sorted(os.listdir(tmp_path)) == ["a.bin"]


def test_link_at_target_is_replaced_not_written_through(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    link = tmp_path / "out.txt"
    link.symlink_to(victim)
    with pytest.raises(OutputExistsError):
        write_text(link, "x")
    write_text(link, "x", force=True)
    assert victim.read_text() == "precious"
    assert not link.is_symlink() and link.read_text() == "x"


def test_dangling_link_counts_as_existing(tmp_path):
    link = tmp_path / "out.txt"
    link.symlink_to(tmp_path / "nowhere")
    with pytest.raises(OutputExistsError):
        write_text(link, "x")
    assert not (tmp_path / "nowhere").exists()


def test_planted_part_file_is_not_used(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("precious")
    for name in ("out.gif.part", ".out.gif.tmp"):
        (tmp_path / name).symlink_to(victim)
    write_bytes(tmp_path / "out.gif", b"GIF89a")
    assert victim.read_text() == "precious"
    assert (tmp_path / "out.gif").read_bytes() == b"GIF89a"


def test_error_while_writing_leaves_old_file_and_no_temp(tmp_path):
    target = tmp_path / "a.txt"
    target.write_text("old")
    with pytest.raises(RuntimeError), replacing(target, force=True) as temp:
        temp.write_text("half")
        raise RuntimeError("interrupted")
    assert target.read_text() == "old"
    assert sorted(os.listdir(tmp_path)) == ["a.txt"]


def test_temp_keeps_suffix_and_is_in_target_folder(tmp_path):
    with replacing(tmp_path / "key.png") as temp:
        assert temp.parent == tmp_path and temp.suffix == ".png"
        temp.write_bytes(b"png")


def test_file_appearing_while_writing_is_not_clobbered(tmp_path):
    target = tmp_path / "a.txt"
    with pytest.raises(OutputExistsError), replacing(target) as temp:
        temp.write_text("ours")
        target.write_text("someone else's")
    assert target.read_text() == "someone else's"
    assert sorted(os.listdir(tmp_path)) == ["a.txt"]


def test_folder_refused_even_with_force(tmp_path):
    with pytest.raises(IsADirectoryError):
        check_new_output(tmp_path, force=True)


def test_permissions_follow_umask(tmp_path):
    old = os.umask(0o027)
    try:
        path = write_text(tmp_path / "a.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
