"""`python -m appliance.cli …` is `hearth …`."""

import sys

from appliance.cli import main

sys.exit(main())
