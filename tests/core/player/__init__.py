"""A package, so that test_planner.py here and the app's tests/ui/test_planner.py can both
be collected."""
