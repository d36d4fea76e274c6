"""Odd files: a device, a pipe or a folder where a file belongs is refused at once with its name; a byte-order
mark is dropped; a file that cannot be read or written is one line; Windows line ends and tabs still work.
Every reader and writer of wordlab's own puzzles goes through `wordlab.files`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import cli_error
from wordlab import files
from wordlab.cli import main
from wordlab.errors import WordlabError
from wordlab.lm import train
from wordlab.puzzles import shredded as sh
from wordlab.words import load

BOM = b"\xef\xbb\xbf"
TOY = ["bat", "are", "tea", "tab", "ate", "eat", "art", "rat", "tar"]


@pytest.fixture
def fifo(tmp_path) -> str:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return str(path)


# -- wordlab.files itself ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path, kind", [("/dev/zero", "a character device"), ("/dev/null", "a character device")])
def test_a_device_is_refused_by_name_before_a_byte_is_read(path, kind):
    with pytest.raises(WordlabError, match=f"word list '{path}' is {kind}, not a regular file"):
        files.read_bytes(path, "word list")


def test_a_pipe_with_no_writer_is_refused_at_once(fifo):
    with pytest.raises(WordlabError, match=r"is a pipe \(FIFO\), not a regular file"):
        files.read_text(fifo, "grid file")


def test_a_folder_is_refused_as_a_file_to_read_and_to_write(tmp_path):
    with pytest.raises(WordlabError, match="is a folder, not a regular file"):
        files.read_text(tmp_path, "grid file")
    with pytest.raises(WordlabError, match="is a folder, not a regular file"):
        files.writable_file(tmp_path, "--save file")


def test_a_file_in_a_missing_folder_cannot_be_written(tmp_path):
    with pytest.raises(WordlabError, match="folder .*nowhere' does not exist"):
        files.writable_file(tmp_path / "nowhere" / "out.txt", "--save file")


def test_a_byte_order_mark_is_dropped_and_crlf_left_for_the_parser(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes(BOM + b"apple\r\nbanana\tcherry\r\n")
    assert files.read_text(path, "word list") == "apple\r\nbanana\tcherry\r\n"


def test_a_permission_error_is_one_line_naming_the_file(tmp_path, monkeypatch):
    path = tmp_path / "words.txt"
    path.write_text("apple\n")

    def refused(self):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", refused)
    with pytest.raises(WordlabError, match=r"word list '.*words.txt' cannot be read: permission denied$"):
        files.read_bytes(path, "word list")


def test_text_that_does_not_decode_names_the_byte_and_where(tmp_path):
    path = tmp_path / "grid.txt"
    path.write_bytes(b"|ab|c\xff|\n")
    with pytest.raises(WordlabError, match="is not utf-8 text: byte 0xff at offset 5"):
        files.read_text(path, "grid file")


# -- word lists ----------------------------------------------------------------------------------------------


def test_a_word_list_that_starts_with_a_byte_order_mark_keeps_its_first_word(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes(BOM + "\r\n".join(TOY).encode() + b"\r\n")
    words = load(str(path), cache=False)
    assert "bat" in words and len(words) == len(TOY)


def test_a_word_list_with_tabs_and_windows_line_ends_reads_every_word(tmp_path):
    path = tmp_path / "tabs.txt"
    path.write_bytes("\t".join(TOY[:4]).encode() + b"\r\n" + "\r\n".join(TOY[4:]).encode())
    assert sorted(load(str(path), cache=False)) == sorted(TOY)


def test_the_command_line_solves_on_a_word_list_with_a_byte_order_mark(tmp_path, capsys):
    path = tmp_path / "bom.txt"
    path.write_bytes(BOM + "\n".join(TOY).encode())
    assert main(["solve", "word-squares", "bat", "--words", str(path)]) == 0
    assert "squares starting bat (column-bitmasks): 2" in capsys.readouterr().out  # bat/are/tea, bat/ate/tea


@pytest.mark.parametrize("spec, problem", [
    ("/dev/zero", "'/dev/zero' is a character device, not a regular file"),
    ("{fifo}", r"is a pipe \(FIFO\), not a regular file"),
    ("{folder}", "is a folder, not a regular file"),
])
def test_the_command_line_refuses_an_odd_word_list_at_once(spec, problem, fifo, tmp_path, capsys):
    spec = spec.format(fifo=fifo, folder=tmp_path)
    line = cli_error(["solve", "word-squares", "bat", "--words", spec], capsys)
    assert __import__("re").search(problem, line), line


def test_a_word_list_that_cannot_be_read_is_one_line(tmp_path, monkeypatch, capsys):
    path = tmp_path / "locked.txt"
    path.write_text("\n".join(TOY))

    def refused(self):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", refused)
    line = cli_error(["solve", "word-squares", "bat", "--words", str(path)], capsys)
    assert "locked.txt' cannot be read: permission denied" in line


# -- shredded: grid files, training text, --save ------------------------------------------------------------


def test_a_grid_file_with_a_byte_order_mark_and_windows_line_ends_is_restored(tmp_path, capsys):
    path = tmp_path / "grid.txt"
    path.write_bytes(BOM + sh.example().show().replace("\n", "\r\n").encode())
    assert main(["solve", "shredded", str(path), "--strategy", "greedy-chain"]) == 0
    assert "Strips of paper" in capsys.readouterr().out


@pytest.mark.parametrize("which", ["/dev/zero", "{fifo}", "{folder}"])
def test_an_odd_grid_file_is_refused_by_name(which, fifo, tmp_path, capsys):
    name = which.format(fifo=fifo, folder=tmp_path)
    line = cli_error(["solve", "shredded", name], capsys)
    assert f"grid file {name!r} is " in line and "not a regular file" in line


@pytest.mark.parametrize("which", ["/dev/full", "{folder}"])
def test_save_to_a_device_or_folder_is_refused_before_the_search(which, tmp_path, capsys):
    name = which.format(folder=tmp_path)
    line = cli_error(["solve", "shredded", "--save", name], capsys)
    assert f"--save file {name!r} is " in line and "not a regular file" in line


def test_a_training_text_that_is_a_pipe_is_refused_at_once(fifo, capsys):
    line = cli_error(["solve", "shredded", "--train", fifo], capsys)
    assert f"training text file {fifo!r} is a pipe (FIFO)" in line


def test_a_training_text_with_a_byte_order_mark_reads_its_first_word(tmp_path):
    path = tmp_path / "corpus.txt"
    path.write_bytes(BOM + b"Zebras\r\nwalk\tslowly.")
    assert train._text_of(str(path)) == "zebras walk slowly."


# -- quiet failures ------------------------------------------------------------------------------------------


def test_a_truncated_reference_list_offline_prints_wordlab_s_line_and_nothing_else(tmp_path):
    """The reference copy is cut short and the download cannot connect (a closed local port, no network): the
    only output is wordlab's own line, not pooch's "Downloading data from …" before it."""
    data = tmp_path / "data"
    (data / "words").mkdir(parents=True)
    (data / "words" / "enable1.txt").write_text("aa\naah\naahed\n")
    script = ("import sys, wordlab.words.sources as s\n"
              "s.REFERENCES['enable1'] = s.REFERENCES['enable1']._replace(url='http://127.0.0.1:9/enable1.txt')\n"
              "from wordlab.cli import main\n"
              "sys.exit(main(['solve', 'word-squares', 'bat', '--words', 'enable1']))\n")
    environment = {**os.environ, "WORDLAB_DATA": str(data), "WORDLAB_CACHE": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=environment,
                          timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("wordlab: word list 'enable1'") and "is not available" in lines[0]
    assert "wrong checksum were ignored" in lines[0] and "Downloading" not in done.stderr


def test_a_file_larger_than_its_reader_allows_is_refused_unread(tmp_path, monkeypatch):
    path = tmp_path / "corpus.txt"
    path.write_text("words " * 100)
    with pytest.raises(WordlabError, match=r"training text '.*corpus.txt' is too large: 600 bytes \(at most 100\)"):
        files.read_text(path, "training text", most=100)
    monkeypatch.setattr(train, "MAX_TRAINING_BYTES", 100)
    with pytest.raises(WordlabError, match="training text file .* is too large"):
        train._text_of(str(path))
