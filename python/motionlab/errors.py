"""The errors MotionLab raises: the library's own messages, as the command line prints them."""


class MotionLabError(Exception):
    """A MotionLab call failed; the message is the library's, naming the bad value and its valid range."""


class DataError(MotionLabError, ValueError):
    """The data is not valid, or cannot be analysed as asked (the command line's exit code 1)."""


class ArgumentError(MotionLabError, ValueError):
    """An argument is out of its range or malformed (the command line's usage errors)."""


def error_for(status: int, message: str) -> MotionLabError:
    """The exception for a C ABI status code and message."""
    if status == 1:
        return DataError(message)
    if status == 2:
        return ArgumentError(message)
    return MotionLabError(f"status {status}: {message}")
