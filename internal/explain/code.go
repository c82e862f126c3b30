package explain

// CodeFixtures is how many fixtures the view of a code shows per rule.
const CodeFixtures = 2

// CodeView is what errcat explain CODE shows.
type CodeView struct {
	Kind             string     `json:"kind"` // "code"
	Code             string     `json:"code"`
	Class            string     `json:"class"`
	ClassMeaning     string     `json:"class_meaning"`
	ClassExitCode    int        `json:"class_exit_code"`
	Description      string     `json:"description"`
	Unblock          string     `json:"unblock,omitempty"`
	Scope            string     `json:"scope,omitempty"`
	Rules            []CodeRule `json:"rules"`
	CatalogueVersion string     `json:"catalogue_version"`
}

// CodeRule is one rule of a code, with up to CodeFixtures of the fixtures
// it wins.
type CodeRule struct {
	RuleRef
	Confidence string    `json:"confidence"`
	Fixtures   []Fixture `json:"fixtures"`
	// FixturesTotal counts every fixture the rule wins, those shown too.
	FixturesTotal int `json:"fixtures_total"`
}

// Code explains code i: its class, texts, and rules in id order.
func (x *Explainer) Code(i int) CodeView {
	c := &x.cat.Codes[i]
	cl := &x.cat.Classes[c.Class]
	v := CodeView{
		Kind: "code", Code: c.Name, Class: cl.Name, ClassMeaning: cl.Description, ClassExitCode: cl.ExitCode,
		Description: c.Description, Unblock: c.Unblock, Scope: c.Scope,
		Rules: []CodeRule{}, CatalogueVersion: x.cat.ID,
	}
	for j := range x.cat.Rules {
		r := &x.cat.Rules[j]
		if r.Code != i {
			continue
		}
		fx := x.fixtures(j)
		total := len(fx)
		if len(fx) > CodeFixtures {
			fx = fx[:CodeFixtures]
		}
		v.Rules = append(v.Rules, CodeRule{RuleRef: x.ref(j), Confidence: r.Confidence.String(), Fixtures: fx, FixturesTotal: total})
	}
	return v
}
