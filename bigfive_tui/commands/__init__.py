"""One module per ``bigfive`` subcommand: ``configure(parser)`` and ``run(args)``."""
