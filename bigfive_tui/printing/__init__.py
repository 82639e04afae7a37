"""What the commands print in a terminal with rich, apart from the commands that choose to print
it (a command module reads flags and is no library): text from files and players made safe
(:mod:`.output`), a Big Five scenario's report (:mod:`.scenario`) and Photo Safari's
simulation and scenario reports (:mod:`.photo_safari`)."""
