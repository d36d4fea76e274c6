"""`python -m wordlab.cli ...`: the `wordlab` command, where the console script is not installed."""

import sys

from wordlab.cli import main

sys.exit(main())
