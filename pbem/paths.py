"""Where pbem keeps its files: keys and config, and its data (ledgers, stored saves).

``PBEM_CONFIG_DIR`` and ``PBEM_DATA_DIR`` override the platform folders (tests, demos,
several players on one machine).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def config_dir() -> Path:
    override = os.environ.get("PBEM_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir("pbem"))


def data_dir() -> Path:
    override = os.environ.get("PBEM_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("pbem"))


def demo_dir() -> Path:
    """Where ``pbem demo`` keeps its own players' keys, ledgers and game, apart from the
    player's: ``demo/`` in the data folder."""
    return data_dir() / "demo"


def use_demo_folders() -> Path:
    """Point this process's config and data folders into :func:`demo_dir`; return it."""
    home = demo_dir()
    os.environ["PBEM_CONFIG_DIR"] = str(home / "config")
    os.environ["PBEM_DATA_DIR"] = str(home / "data")
    return home
