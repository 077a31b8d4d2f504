"""Launch specs: how to run a kernel (grid, block, arguments), in TOML. See docs/launch-spec.md."""
