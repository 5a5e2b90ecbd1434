"""The Three Kingdoms Card Game: card data, its provenance and its checks (no rules yet)."""
