"""Drives a real binary in a detached tmux session: keys in with send-keys, the screen back
with capture-pane (plain, or with its colours as escape sequences)."""

import os
import re
import shlex
import subprocess
import time
import uuid

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ARTIFACTS = os.path.join(ROOT, "artifacts", "terminal")
TRELLIS = os.environ.get("TRELLIS", os.path.join(ROOT, ".build", "debug", "trellis"))
TRELLIS_DEMO = os.environ.get("TRELLIS_DEMO", os.path.join(ROOT, ".build", "debug", "trellis-demo"))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")


class Tmux:
    """One program in its own tmux server (a private socket), so tests never meet."""

    def __init__(self, command, width=80, height=24, env=None, cwd=None):
        self.width = width
        self.height = height
        self.socket = "trellis-test-" + uuid.uuid4().hex[:10]
        self.name = "t"
        variables = {"TERM": "xterm-256color"}
        variables.update(env or {})
        exports = " ".join(f"{key}={shlex.quote(value)}" for key, value in variables.items())
        unset = " ".join(
            f"-u {key}" for key in ("NO_COLOR", "COLORTERM") if key not in variables)
        line = f"env {unset} {exports} {' '.join(shlex.quote(part) for part in command)}"
        # The shell stays after the program ends and says how it ended, so that its last
        # words can be read. Without a status bar the pane is exactly width × height.
        echo = "$(stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e -echo)"
        wrapped = f'{line}; echo "[exited $?] [{echo}]"; sleep 600'
        self.tmux("-f", "/dev/null", "start-server", ";", "set-option", "-g", "status", "off",
                  ";", "new-session", "-d", "-s", self.name, "-x", str(width),
                  "-y", str(height), "-c", cwd or ROOT, wrapped)

    def tmux(self, *arguments):
        return subprocess.run(["tmux", "-L", self.socket, *arguments], check=True,
                              capture_output=True, text=True).stdout

    def keys(self, *keys):
        """Named keys (Enter, Escape, Down, C-s, S-Down…), each sent as itself."""
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)
            time.sleep(0.08)

    def type(self, text):
        """Text typed literally."""
        self.tmux("send-keys", "-t", self.name, "-l", text)
        time.sleep(0.08)

    def screen(self, color=False):
        arguments = ["capture-pane", "-p", "-t", self.name]
        if color:
            arguments.insert(2, "-e")
        return self.tmux(*arguments)

    def lines(self):
        return self.screen().split("\n")[: self.height]

    def wait_for(self, text, timeout=20.0):
        deadline = time.time() + timeout
        screen = ""
        while time.time() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} did not show within {timeout} s; the screen:\n{screen}")

    def wait_until(self, predicate, what, timeout=20.0):
        deadline = time.time() + timeout
        screen = ""
        while time.time() < deadline:
            screen = self.screen()
            if predicate(screen):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{what} did not happen within {timeout} s; the screen:\n{screen}")

    def is_running(self):
        return "[exited " not in self.screen()

    def wait_for_exit(self, timeout=10.0):
        """Waits for the program to end; returns its exit status."""
        screen = self.wait_for("[exited ", timeout)
        return int(re.search(r"\[exited (\d+)\]", screen).group(1))

    def program_pid(self):
        """The program's process: the child of the pane's shell."""
        shell = self.tmux("display-message", "-p", "-t", self.name, "#{pane_pid}").strip()
        children = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout
        return int(children.split()[0])

    def resize(self, width, height):
        self.width, self.height = width, height
        self.tmux("resize-window", "-t", self.name, "-x", str(width), "-y", str(height))

    def cursor_on(self, text):
        """Whether the row under the cursor (marked '>') shows `text`."""
        return any(line.startswith("> ") and text in line for line in self.lines())

    def move_to(self, text, key="Down", tries=60):
        """Presses `key` until the cursor is on the row showing `text`."""
        for _ in range(tries):
            if self.cursor_on(text):
                return
            self.keys(key)
        raise AssertionError(f"the cursor never reached {text!r}; the screen:\n{self.screen()}")

    def save(self, name):
        os.makedirs(ARTIFACTS, exist_ok=True)
        with open(os.path.join(ARTIFACTS, name + ".txt"), "w") as plain:
            plain.write(self.screen())
        with open(os.path.join(ARTIFACTS, name + ".ansi"), "w") as colored:
            colored.write(self.screen(color=True))

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)
