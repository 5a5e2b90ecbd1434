"""Playing by e-mail: sending a save to the players and collecting the saves that arrive.

:mod:`compose` builds the message, :mod:`smtp` sends it, :mod:`sources` and :mod:`imap`
read messages from an IMAP folder, a Maildir, an mbox or ``.eml`` files,
:mod:`attachments` finds the saves in them and :mod:`filing` verifies and files each one.
"""
