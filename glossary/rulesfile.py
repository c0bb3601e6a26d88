"""Reading Comprehensive Rules files safely: the imported ones in the rules directory and a file given to
``import-rules``.

Only a regular file of bounded size is read (a FIFO, a device such as ``/dev/zero``, a directory named
``x.txt`` or a dangling link is refused before anything blocks or runs forever): the file is opened with
``O_NONBLOCK`` and checked with ``fstat`` on the open descriptor. Text is UTF-8 (with or without BOM) or
UTF-16 with a BOM; anything else is "not UTF-8 text". Problems are `UnusableFile` errors with a stable code
(the command line words them in the interface language).

>>> decode(b"\\xef\\xbb\\xbf100.1. Text"), decode("100.1".encode("utf-16"))
('100.1. Text', '100.1')
>>> decode(b"caf\\xe9")
Traceback (most recent call last):
...
glossary.rulesfile.UnusableFile: not-utf8: byte 0xe9 at offset 3
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

__all__ = ["MAX_BYTES", "Problem", "UnusableFile", "decode", "read_bounded", "read_text", "scan"]

MAX_BYTES = 16 * 1024 * 1024  # the English rules are about 1 MiB
SUFFIX = ".txt"

# Codes of the problems (each has a text "rules_file.<code>" in the interface's catalog).
CODES = ("missing", "dangling-link", "directory", "not-regular", "too-large", "empty", "unreadable", "not-utf8",
         "not-rules")


class UnusableFile(Exception):
    """A file that cannot be used: `code` (one of CODES) and a detail in English (numbers, an OS message)."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code, self.detail = code, detail


@dataclass(frozen=True, slots=True)
class Problem:
    """An unusable file of the rules directory, as kept with the index and listed by ``kb check``."""

    path: str
    code: str
    detail: str = ""

    def as_dict(self) -> dict:
        """``{"file", "problem", "detail"}`` (for JSON)."""
        return {"file": self.path, "problem": self.code, "detail": self.detail}


def _kind(mode: int) -> str | None:
    """None for a regular file, else the problem code of what it is."""
    if stat.S_ISREG(mode):
        return None
    return "directory" if stat.S_ISDIR(mode) else "not-regular"


def read_bounded(path: Path | str, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `max_bytes`; UnusableFile otherwise. Never blocks on a FIFO,
    never reads a device: the type is checked on the open descriptor (no race with a swapped file)."""
    path = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise UnusableFile("dangling-link" if os.path.islink(path) else "missing") from None
    except IsADirectoryError:
        raise UnusableFile("directory") from None
    except OSError as exc:
        raise UnusableFile("unreadable", exc.strerror or str(exc)) from None
    try:
        st = os.fstat(fd)
        kind = _kind(st.st_mode)
        if kind:
            raise UnusableFile(kind)
        if st.st_size > max_bytes:
            raise UnusableFile("too-large", f"{st.st_size} > {max_bytes} bytes")
        chunks, total = [], 0
        while True:  # the size may have changed since fstat: read to the end, but never past the cap
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise UnusableFile("too-large", f"more than {max_bytes} bytes")
    except OSError as exc:
        raise UnusableFile("unreadable", exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def decode(raw: bytes) -> str:
    """Text of a rules file: UTF-8 (a BOM is dropped) or UTF-16 with a BOM; UnusableFile("not-utf8") else."""
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise UnusableFile("not-utf8", f"UTF-16: {exc.reason} at offset {exc.start}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UnusableFile("not-utf8", f"byte 0x{raw[exc.start]:02x} at offset {exc.start}") from None


def read_text(path: Path | str, max_bytes: int = MAX_BYTES) -> str:
    """A rules file's text (`read_bounded`, then `decode`); an empty file is UnusableFile("empty")."""
    raw = read_bounded(path, max_bytes)
    if not raw.strip():
        raise UnusableFile("empty")
    return decode(raw)


def scan(directory: Path) -> tuple[list[Path], list[Problem], list[tuple[str, int, int, int]]]:
    """The rules directory's ``*.txt`` entries, without opening any: (files that look usable, in name order;
    problems found from the directory entry alone; a state for the fingerprint: (name, mode, size, mtime)
    of every entry, usable or not, so that fixing a file triggers a rebuild).

    Temporary files of an import in progress (`glossary.paths.TMP_PREFIX`) are not rules files.
    """
    from glossary.paths import TMP_PREFIX

    try:
        names = sorted(n for n in os.listdir(directory) if n.endswith(SUFFIX) and not n.startswith(TMP_PREFIX))
    except OSError:
        return [], [], []
    usable: list[Path] = []
    problems: list[Problem] = []
    state: list[tuple[str, int, int, int]] = []
    for name in names:
        path = Path(directory, name)
        try:
            lst = os.lstat(path)
        except OSError:
            continue  # removed meanwhile
        try:
            st = os.stat(path) if stat.S_ISLNK(lst.st_mode) else lst
        except OSError:
            state.append((name, lst.st_mode, -1, lst.st_mtime_ns))
            problems.append(Problem(str(path), "dangling-link"))
            continue
        state.append((name, st.st_mode, st.st_size, st.st_mtime_ns))
        kind = _kind(st.st_mode)
        if kind:
            problems.append(Problem(str(path), kind))
        elif st.st_size > MAX_BYTES:
            problems.append(Problem(str(path), "too-large", f"{st.st_size} > {MAX_BYTES} bytes"))
        elif st.st_size == 0:
            problems.append(Problem(str(path), "empty"))
        else:
            usable.append(path)
    return usable, problems, state
