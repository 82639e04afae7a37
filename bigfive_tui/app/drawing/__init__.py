"""The board's drawing on a terminal: which drawing fits, what the state puts on the board,
the colours (themes), and how texts and strips are measured and cut without Rich's and
Textual's caches keeping them."""
