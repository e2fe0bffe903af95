"""`monolog record` on a terminal: the line editor, its keys and its questions.

- A line is checked once, when Enter is pressed; typing (or a paste that arrives as keystrokes)
  only edits the line, at a cost that does not grow with what is already typed.
- Tab puts in the most likely completion at once and opens the menu on the others; a
  completion never brings a space with it.
- The question before a line is kept (`[y/N]`) is answered by one key: `y` keeps it, `n`,
  Enter, Ctrl-C or Ctrl-D do not, any other key is ignored. What is typed after the answer
  goes to the next line.
- The toolbar shows the table as the kept lines leave it.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit import PromptSession
from prompt_toolkit.buffer import CompletionState
from prompt_toolkit.completion import CompleteEvent, Completer, WordCompleter
from prompt_toolkit.filters import emacs_insert_mode, vi_insert_mode
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys

from .complete import RecordCompleter
from .desk import EXIT_CLEAN, EXIT_UNREADABLE, Desk, ask_header, resumed_lines, toolbar_text
from .disk import RecordFileError
from .session import Session


def line_keys(completer: Completer) -> KeyBindings:
    """Tab, and typing that keeps no copy of the line per key."""
    keys = KeyBindings()

    @keys.add("tab")
    def _tab(event: KeyPressEvent) -> None:
        buf = event.current_buffer
        if buf.complete_state is not None:
            buf.complete_next()
            return
        found = list(
            completer.get_completions(buf.document, CompleteEvent(completion_requested=True))
        )
        if len(found) == 1:
            buf.apply_completion(found[0])
        elif found:  # the first goes in now (before the next key is read), the menu on the rest
            buf.complete_state = CompletionState(original_document=buf.document, completions=found)
            buf.go_to_completion(0)

    # prompt_toolkit saves the whole line for Ctrl-_ before each key typed: a paste arriving
    # as keystrokes then costs memory and time that grow with the square of its length
    @keys.add(Keys.Any, filter=emacs_insert_mode | vi_insert_mode, save_before=lambda e: False)
    def _insert(event: KeyPressEvent) -> None:
        event.current_buffer.insert_text(event.data * event.arg)

    return keys


def answer_keys() -> KeyBindings:
    """One key answers the question; nothing else typed is taken."""
    keys = KeyBindings()

    def answer(result: str) -> Callable[[KeyPressEvent], None]:
        def handler(event: KeyPressEvent) -> None:
            event.current_buffer.text = result  # left on the screen after the question
            event.app.exit(result=result)

        return handler

    for key in ("y", "Y"):
        keys.add(key)(answer("y"))
    for key in ("n", "N", "enter", "c-c", "c-d"):
        keys.add(key, eager=True)(answer("n"))
    for key in (Keys.Any, "tab", "backspace", "c-h"):
        keys.add(key)(lambda event: None)
    return keys


def run_terminal(session: Session, prompt: PromptSession[str] | None = None) -> int:
    """The interactive editor: completion, a toolbar with the kept cash, confirmation."""
    completer = RecordCompleter(session)
    ps: PromptSession[str] = prompt or PromptSession()
    keys = line_keys(completer)

    def write(text: str) -> None:
        print(text, flush=True)  # between prompts: nothing of the editor is on the screen

    def ask(question: str, choices: list[str]) -> str:
        return ps.prompt(
            question,
            completer=WordCompleter(choices),
            key_bindings=KeyBindings(),
            bottom_toolbar="",
        )

    def confirm(question: str) -> bool:
        asking: PromptSession[str] = PromptSession(input=ps.input, output=ps.output)
        answer = asking.prompt(
            question, key_bindings=answer_keys(), bottom_toolbar=lambda: toolbar_text(session)
        )
        return answer == "y"

    if not session.lines:
        try:
            header = ask_header(ask)
        except (KeyboardInterrupt, EOFError):
            write(f"{session.path}: no record started; nothing was written")
            return EXIT_CLEAN
        try:
            for line in header:
                session.try_line(line)
                session.keep()
        except RecordFileError as exc:
            write(str(exc))
            return EXIT_UNREADABLE
        write(f"{session.path}: a new record for {', '.join(session.players)}")
    else:
        for shown in resumed_lines(session):
            write(shown)
    desk = Desk(session, write, confirm)
    while not desk.stopped:
        try:
            text = ps.prompt(
                f"{len(session.lines) + 1}> ",
                completer=completer,
                complete_while_typing=False,
                key_bindings=keys,
                bottom_toolbar=lambda: toolbar_text(session),
            )
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        if text.strip() in ("quit", "exit"):
            break
        desk.line(text)
    return desk.exit_code()
