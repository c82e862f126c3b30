package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/errcat/errcat/internal/fixture"
	"github.com/errcat/errcat/internal/match/records"
	"github.com/errcat/errcat/internal/redact"
)

type sanitizeOptions struct {
	ids bool
}

func newSanitizeCmd(io stdio) *cobra.Command {
	o := &sanitizeOptions{}
	cmd := &cobra.Command{
		Use:   "sanitize [FILE...]",
		Short: "Print text with secrets redacted, for sharing or for a fixture",
		Long: `Sanitize reads FILEs (standard input without any) and prints them whole with
the redaction that safe_excerpt applies: API keys and tokens of the common
providers (OpenAI, Anthropic, GitHub, GitLab, AWS, Google, Slack, Hugging
Face and some sixty more formats), Bearer and Authorization credentials,
JWTs, PEM private keys, webhook URLs, cookies, e-mail addresses, passwords,
the values of secret-named keys and options (PGPASSWORD=, "token": ...,
--password X, mysql -pX) and secret URL parameters become [redacted:KIND];
terminal escapes and control characters are removed and invalid UTF-8 is
replaced. Unlike safe_excerpt, the text is not shortened.

With --ids, long hex and base64 ids (request, trace and account ids,
digests) are redacted too, except obvious placeholders: what errcat test
demands of a fixture, and what errcat fixture add stores.`,
		Example: `  pbpaste | errcat sanitize
  errcat sanitize --ids < sample.txt > sample.clean.txt`,
		Args: usageArgs(cobra.ArbitraryArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			in, err := readInputs(io.in, args)
			if err != nil {
				return err
			}
			_, err = io.out.Write([]byte(o.sanitize(in)))
			return err
		},
	}
	cmd.Flags().BoolVar(&o.ids, "ids", false, "also redact long hex and base64 ids, as fixtures require")
	return cmd
}

func (o *sanitizeOptions) sanitize(s string) string {
	if o.ids {
		return fixture.Sanitize(s)
	}
	return redact.Text(s)
}

// readInputs reads FILEs, or standard input without any, whole, each
// decoded as the engine reads a stream (UTF-16 with a byte order mark
// becomes UTF-8).
func readInputs(stdin io.Reader, args []string) (string, error) {
	if len(args) == 0 {
		data, err := io.ReadAll(stdin)
		if err != nil {
			return "", fmt.Errorf("stdin: %v", err)
		}
		return records.DecodeText(string(data)), nil
	}
	var b strings.Builder
	for _, a := range args {
		var (
			data []byte
			err  error
		)
		if a == "-" {
			data, err = io.ReadAll(stdin)
		} else {
			data, err = os.ReadFile(a)
		}
		if err != nil {
			return "", err
		}
		b.WriteString(records.DecodeText(string(data)))
	}
	return b.String(), nil
}
