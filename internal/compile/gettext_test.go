package compile

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/errcat/errcat/internal/match"
)

func TestParseFormat(t *testing.T) {
	type p = formatPiece
	cases := []struct {
		in   string
		want []formatPiece
	}{
		{"No space left on device", []p{{text: "No space left on device"}}},
		{"%s: command not found", []p{{verb: 's', arg: 1}, {text: ": command not found"}}},
		{"100%% done", []p{{text: "100% done"}}},
		{"held by process %d (%s)", []p{{text: "held by process "}, {verb: 'd', arg: 1}, {text: " ("}, {verb: 's', arg: 2}, {text: ")"}}},
		{"%2$s ist %1$lu", []p{{verb: 's', arg: 2}, {text: " ist "}, {verb: 'u', arg: 1}}},
		// A '*' precision takes an argument of its own, before the string.
		{"'%.*s' and %s", []p{{text: "'"}, {verb: 's', arg: 2}, {text: "' and "}, {verb: 's', arg: 3}}},
		{"%2$.*1$s", []p{{verb: 's', arg: 2}}},
		{"%-10s|%05zu|%c", []p{{verb: 's', arg: 1}, {text: "|"}, {verb: 'u', arg: 2}, {text: "|"}, {verb: 'c', arg: 3}}},
		{"open: %m", []p{{text: "open: "}, {verb: 'm'}}},
		{"%.255s", []p{{verb: 's', arg: 1}}},
	}
	for _, c := range cases {
		got, err := parseFormat(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if diff := cmp.Diff(c.want, got, cmp.AllowUnexported(formatPiece{})); diff != "" {
			t.Errorf("%q (-want +got):\n%s", c.in, diff)
		}
	}
	for _, bad := range []string{"ends in %", "width %5", "%y", "%1$*d"} {
		if _, err := parseFormat(bad); err == nil {
			t.Errorf("%q: parsed; want an error", bad)
		}
	}
}

func TestMessagePattern(t *testing.T) {
	none := func(int) string { return "" }
	cases := []struct {
		msg  string
		fill func(int) string
		want string
	}{
		{"No space left on device", none, `\b(?i:No space left on device)\b`},
		// Letters outside ASCII are kept as written; ASCII folds.
		{"Kein Platz auf dem Gerät.", none, `\b(?i:Kein Platz auf dem Ger)ä(?i:t)\b`},
		{"Нет такого файла или каталога", none, `Нет такого файла или каталога`},
		// A slot at an end goes with its quotes; one space is kept in front.
		{"%s: command not found", none, `(?i: command not found)\b`},
		{"Authentication failed for '%s'", none, `\b(?i:Authentication failed for)\b`},
		{"'%s' 鉴权失败", none, ` 鉴权失败`},
		{"%s：指令找不到", none, `指令找不到`},
		{"%s: %s: bad interpreter", none, `(?i: bad interpreter)\b`},
		// The indentation a message opens with is layout.
		{"\tIs the server running?\n", none, `\b(?i:Is the server running)\b`},
		// Slots inside: a quoted name stops at its quote, others at a space.
		{"repository '%s' not found", none, `\b(?i:repository ')[^\s'’]+(?i:' not found)\b`},
		{"Nie można utworzyć „%s.lock”", none, `\b(?i:Nie mo)ż(?i:na utworzy)ć „[^\s“”]+(?i:\.lock)\b`},
		{"Sperre %s konnte nicht erlangt werden.", none, `\b(?i:Sperre )\S+(?i: konnte nicht erlangt werden)\b`},
		{"held by process %d now", none, `\b(?i:held by process )[-+]?[0-9]+(?i: now)\b`},
		// A slot the rule fills stays, at an end too.
		{"Could not get lock %s", func(int) string { return "(?:/var/lib/dpkg/lock)" }, `\b(?i:Could not get lock )(?:/var/lib/dpkg/lock)`},
	}
	for _, c := range cases {
		pieces, err := messagePieces(c.msg)
		if err != nil {
			t.Fatal(err)
		}
		got, err := messagePattern(pieces, c.fill)
		if err != nil {
			t.Errorf("%q: %v", c.msg, err)
			continue
		}
		if got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.msg, got, c.want)
		}
		if _, err := regexp.Compile(got); err != nil {
			t.Errorf("%q: %v", c.msg, err)
		}
	}
	for _, bad := range []string{"%s", "%s: %s", "'%s'"} {
		pieces, _ := messagePieces(bad)
		if _, err := messagePattern(pieces, none); err == nil {
			t.Errorf("%q: built a pattern; want an error (no fixed text)", bad)
		}
	}
}

// gettextCatalogue is a catalogue with gettext rules and their l10n data.
var gettextCatalogue = fstest.MapFS{
	"catalogue.yaml": {Data: []byte(`name: x
version: 1.0.0
classes:
  hard: {description: d, exit_code: 78}
  transient: {description: d, exit_code: 75}
codes:
  disk_full: {class: hard, description: d}
  not_installed: {class: hard, description: d}
  resource_locked: {class: transient, description: d}
guards:
  refused:
    gettext: {domain: libc, msgid: File exists}
`)},
	"rules/a.yaml": {Data: []byte(`rules:
  - id: a.no_space
    code: disk_full
    confidence: high
    match:
      gettext: [{domain: libc, msgid: No space left on device}]
  - id: a.command
    code: not_installed
    confidence: high
    match: {gettext: {domain: bash, msgid: '%s: command not found'}}
  - id: a.lock
    code: resource_locked
    confidence: high
    match:
      gettext:
        domain: git
        msgid: "Unable to create '%s.lock': %s.\n\nAnother git process seems to be running."
        slots: {2: {domain: libc, msgid: File exists}}
  - id: a.apt
    code: resource_locked
    confidence: high
    match: {gettext: {domain: apt, msgid: 'Could not get lock %s', slots: {1: '/var/lib/dpkg/lock(?:-frontend)?'}}}
  - id: a.busy
    code: resource_locked
    confidence: medium
    match: {gettext: {domain: libc, msgid: Device or resource busy, translations_only: true}}
  - id: a.held
    code: resource_locked
    confidence: medium
    match: {regex: ['\block held\b']}
    not: [{regex: '\bstale\b'}, refused]
`)},
	"l10n/libc.yaml": {Data: []byte(`domain: libc
messages:
  No space left on device:
    de: Auf dem Gerät ist kein Speicherplatz mehr verfügbar
    ru: На устройстве не осталось свободного места
    zh_CN: 设备上没有空间
  File exists:
    de: Die Datei existiert bereits
    fr: Le fichier existe
  Device or resource busy:
    de: Das Gerät oder die Ressource ist belegt
earlier:
  No space left on device:
    de: Kein Platz mehr auf dem Gerät
  File exists:
    de: Datei existiert bereits
`)},
	"l10n/bash.yaml": {Data: []byte(`domain: bash
messages:
  '%s: command not found':
    de: '%s: Kommando nicht gefunden.'
    fr: "%s\u00a0: commande introuvable"
`)},
	"l10n/git.yaml": {Data: []byte(`domain: git
messages:
  "Unable to create '%s.lock': %s.\n\nAnother git process seems to be running.":
    de: "Konnte '%s.lock' nicht erstellen: %s.\n\nEin anderer Git-Prozess scheint zu laufen."
    fr: "Impossible de créer '%s.lock'\u00a0: %s.\n\nUn autre processus git semble être lancé."
`)},
	"l10n/apt.yaml": {Data: []byte(`domain: apt
messages:
  Could not get lock %s:
    de: Sperre %s konnte nicht erlangt werden.
`)},
}

func TestGettextMatches(t *testing.T) {
	cat, err := Load(gettextCatalogue, "cat")
	if err != nil {
		t.Fatal(err)
	}
	e, err := match.New(cat)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ text, rule string }{
		{"write error: No space left on device", "a.no_space"},
		{"cp: Fehler beim Schreiben von „x“: Auf dem Gerät ist kein Speicherplatz mehr verfügbar", "a.no_space"},
		{"cp: ошибка записи «x»: На устройстве не осталось свободного места", "a.no_space"},
		{"cp: 写入 'x' 出错: 设备上没有空间", "a.no_space"},
		{"AUF DEM GERÄT IST KEIN SPEICHERPLATZ MEHR VERFÜGBAR", ""}, // letters outside ASCII keep their case
		{"bash: jqq: Kommando nicht gefunden.", "a.command"},
		{"bash: rg\u00a0: commande introuvable", "a.command"},
		{"bash: rg: command not found", "a.command"},
		{"Konnte '/r/.git/index.lock' nicht erstellen: Die Datei existiert bereits.", "a.lock"},
		{"Impossible de créer '/r/.git/index.lock'\u00a0: Le fichier existe.", "a.lock"},
		{"Unable to create '/r/.git/index.lock': File exists.", "a.lock"},
		// The slot holds "File exists" in the message's locale or English.
		{"Konnte '/r/.git/index.lock' nicht erstellen: File exists.", "a.lock"},
		{"Konnte '/r/.git/index.lock' nicht erstellen: Keine Berechtigung.", ""},
		// An earlier package's wording reads as a translation, in a slot too.
		{"cp: Fehler beim Schreiben von „x“: Kein Platz mehr auf dem Gerät", "a.no_space"},
		{"Konnte '/r/.git/index.lock' nicht erstellen: Datei existiert bereits.", "a.lock"},
		{"Konnte '/r/my dir/.git/index.lock' nicht erstellen: Die Datei existiert bereits.", ""},
		{"E: Sperre /var/lib/dpkg/lock-frontend konnte nicht erlangt werden.", "a.apt"},
		{"E: Sperre /tmp/app.lock konnte nicht erlangt werden.", ""},
		{"Kommando nicht gefunden", ""}, // the space the message has before it
		// translations_only: the translation matches, the msgid does not.
		{"umount: /mnt: Das Gerät oder die Ressource ist belegt", "a.busy"},
		{"umount: /mnt: Device or resource busy", ""},
		// A gettext guard joins a list of guards as a regex guard does.
		{"lock held by pid 12", "a.held"},
		{"stale lock held by pid 12", ""},
		{"lock held: Die Datei existiert bereits", ""},
		{"lock held: File exists", ""},
	}
	for _, c := range cases {
		got := e.Classify(match.Evidence{Text: c.text}, match.Options{})
		if got.Rule != c.rule {
			t.Errorf("%q: rule %q, want %q (%s %s)", c.text, got.Rule, c.rule, got.State, got.Reason)
		}
	}
}

// TestGettextIndexed checks that every pattern a message expands into
// is indexed by literals of its own text, non-ASCII ones included, so
// the engine's prefilter keeps translated messages off unrelated records.
func TestGettextIndexed(t *testing.T) {
	cat, err := Load(gettextCatalogue, "cat")
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, r := range cat.Rules {
		if r.Triggers == nil {
			t.Errorf("rule %s has no triggers", r.ID)
		}
		for _, re := range r.Match.Regex {
			if re.Triggers == nil {
				t.Errorf("rule %s: pattern %s has no triggers", r.ID, re.Src)
			}
			all = append(all, re.Triggers...)
		}
	}
	for _, want := range []string{"На устройстве не осталось свободного места", "设备上没有空间", " kommando nicht gefunden"} {
		found := slices.ContainsFunc(all, func(s string) bool { return strings.Contains(want, s) && len(s) >= 6 })
		if !found {
			t.Errorf("no trigger is part of %q; triggers: %q", want, all)
		}
	}
}

func TestMessages(t *testing.T) {
	got, err := Messages(gettextCatalogue)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"apt":  {"Could not get lock %s"},
		"bash": {"%s: command not found"},
		"git":  {"Unable to create '%s.lock': %s.\n\nAnother git process seems to be running."},
		"libc": {"Device or resource busy", "File exists", "No space left on device"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("messages (-want +got):\n%s", diff)
	}
}

func TestFingerprintReadsL10n(t *testing.T) {
	before, err := Fingerprint(gettextCatalogue)
	if err != nil {
		t.Fatal(err)
	}
	changed := fstest.MapFS{}
	for k, v := range gettextCatalogue {
		changed[k] = v
	}
	changed["l10n/apt.yaml"] = &fstest.MapFile{Data: []byte("domain: apt\nmessages: {}\n")}
	after, err := Fingerprint(changed)
	if err != nil {
		t.Fatal(err)
	}
	if before == after {
		t.Error("changing l10n data kept the fingerprint: compiled tables would be reused")
	}
}
