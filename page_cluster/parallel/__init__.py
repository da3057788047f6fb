"""Worker processes and background imports, independent of what they compute."""
