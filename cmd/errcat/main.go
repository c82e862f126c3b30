package main

import "os"

func main() {
	os.Exit(int(run(os.Args[1:], stdio{os.Stdin, os.Stdout, os.Stderr}, os.Getenv)))
}
