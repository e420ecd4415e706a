import FetchSimCLI

FetchSimCLI.main()
