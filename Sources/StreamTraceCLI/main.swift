import StreamTrace

print("streamtrace: commands arrive with the CLI issue")
