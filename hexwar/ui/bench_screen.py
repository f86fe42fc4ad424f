"""First frame on the screen, for ``make bench``: process start to the first drawn pixels of a
program's window under Xvfb, for hexwar and for Crimson Fields (Debian package ``crimson``, a
C++/SDL hex wargame) measured the same way (no pygame here).

How a frame is seen: Xvfb is started with a black root window; every 2 ms the poller reads seven
rows across the whole screen (``XGetImage`` through libX11 with ctypes, about 0.1 ms) and the
first time one of their pixels is not black, the program has drawn its first frame. A mapped
window that has not been drawn yet is black (SDL's window before its first flip), so this is the
first frame drawn, not the window's mapping. The program is then killed (SIGKILL: SDL turns a
SIGTERM into a quit event, which a game may answer with a question) and the screen goes black
before the next run.
"""
from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import shutil
import subprocess
import time
from collections.abc import Iterator

SCREEN = (1600, 1000)
POLL_S = 0.002


class _Funcs(ctypes.Structure):
    _fields_ = [("create_image", ctypes.c_void_p), ("destroy_image", ctypes.c_void_p),
                ("get_pixel", ctypes.c_void_p), ("put_pixel", ctypes.c_void_p),
                ("sub_image", ctypes.c_void_p), ("add_pixel", ctypes.c_void_p)]


class _XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.c_void_p), ("byte_order", ctypes.c_int),
                ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int),
                ("red_mask", ctypes.c_ulong), ("green_mask", ctypes.c_ulong), ("blue_mask", ctypes.c_ulong),
                ("obdata", ctypes.c_void_p), ("f", _Funcs)]


_DESTROY = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(_XImage))
_ALL_PLANES = 0xFFFFFFFF
_Z_PIXMAP = 2


class Screen:
    """The X screen ``display``, read through libX11."""

    def __init__(self, display: str) -> None:
        name = ctypes.util.find_library("X11") or "libX11.so.6"
        x = ctypes.CDLL(name)
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XDisplayWidth.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x.XGetImage.restype = ctypes.POINTER(_XImage)
        x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.x = x
        self.dpy = x.XOpenDisplay(display.encode())
        if not self.dpy:
            raise OSError(f"cannot open the X display {display}")
        self.root = x.XDefaultRootWindow(self.dpy)
        self.w, self.h = x.XDisplayWidth(self.dpy, 0), x.XDisplayHeight(self.dpy, 0)

    def drawn(self) -> bool:
        """Whether any pixel of seven rows across the screen is not black."""
        for k in range(1, 8):
            im = self.x.XGetImage(self.dpy, self.root, 0, self.h * k // 8, self.w, 1, _ALL_PLANES, _Z_PIXMAP)
            if not im:
                continue
            row = ctypes.string_at(im.contents.data, im.contents.bytes_per_line)
            _DESTROY(im.contents.f.destroy_image)(im)
            if any(row[i::4].count(0) != len(row[i::4]) for i in range(3)):  # B, G, R (the 4th byte is padding)
                return True
        return False

    def close(self) -> None:
        self.x.XCloseDisplay(self.dpy)


@contextlib.contextmanager
def xvfb(size: tuple[int, int] = SCREEN) -> Iterator[str]:
    """A fresh Xvfb with a black root window; yields its display name (":N")."""
    exe = shutil.which("Xvfb")
    if exe is None:
        raise FileNotFoundError("Xvfb is not installed")
    r, w = os.pipe()
    proc = subprocess.Popen([exe, "-displayfd", str(w), "-screen", "0", f"{size[0]}x{size[1]}x24", "-br",
                             "-nolisten", "tcp"], pass_fds=(w,), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    os.close(w)
    try:
        with os.fdopen(r) as f:
            number = f.readline().strip()
        if not number:
            raise OSError("Xvfb did not start")
        yield f":{number}"
    finally:
        proc.kill()
        proc.wait()


def crimson() -> str | None:
    """The Crimson Fields program, if installed (Debian puts it in /usr/games)."""
    found = shutil.which("crimson")
    if found:
        return found
    return "/usr/games/crimson" if os.access("/usr/games/crimson", os.X_OK) else None


def first_frame_s(screen: Screen, cmd: list[str], env: dict, timeout: float = 60.0) -> float | None:
    """Seconds from starting ``cmd`` to its first drawn frame on ``screen`` (None: none within
    ``timeout``). The program is killed after it."""
    t_end = time.monotonic() + 5
    while screen.drawn() and time.monotonic() < t_end:  # the last run's window is gone
        time.sleep(0.01)
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen = None
    try:
        while time.perf_counter() - t0 < timeout and proc.poll() is None:
            if screen.drawn():
                seen = time.perf_counter() - t0
                break
            time.sleep(POLL_S)
    finally:
        proc.kill()
        proc.wait()
    return seen
