module example.com/errcat-embed

go 1.26.0

tool github.com/errcat/errcat/cmd/errcat

require (
	github.com/errcat/errcat v0.0.0-00010101000000-000000000000 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1 // indirect
	github.com/spf13/cobra v1.10.2 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

replace github.com/errcat/errcat => ../..
