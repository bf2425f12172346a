// Package options sets the fields of an options struct by name from
// strings, as a command line or a configuration gives them. It is the one
// piece of reflection behind the registries of learners (package learner)
// and of synthetic generators (package synth): each names the fields that
// are its options, and this package reads, parses and stores them.
//
// A field can be set from a string if it is an exported field (possibly
// promoted from an embedded struct) of kind int, int32, int64, uint,
// uint32, uint64, float64, bool or string. Complexity: constant per field.
package options

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Kind returns the kind of the field named field of the struct p points
// to, as a command line names it: "int", "uint", "float", "bool" or
// "string". It returns an error if p is not a pointer to a struct with
// such a field or if the field cannot be set from a string.
func Kind(p any, field string) (string, error) {
	f, err := lookup(p, field)
	if err != nil {
		return "", err
	}
	return kindOf(f)
}

// Set parses s (surrounding spaces ignored) by the type of the field named
// field of the struct p points to and stores it. Floats accept "inf" and
// "NaN" (the caller's validation judges them). The text of the error
// says what was wanted: "an integer", "a non-negative integer", "a number"
// or "true or false", or why the field cannot be set.
func Set(p any, field, s string) error {
	f, err := lookup(p, field)
	if err != nil {
		return err
	}
	kind, err := kindOf(f)
	if err != nil {
		return err
	}
	s = strings.TrimSpace(s)
	switch kind {
	case "int":
		x, err := strconv.ParseInt(s, 10, f.Type().Bits())
		if err != nil {
			return errors.New("an integer")
		}
		f.SetInt(x)
	case "uint":
		x, err := strconv.ParseUint(s, 10, f.Type().Bits())
		if err != nil {
			return errors.New("a non-negative integer")
		}
		f.SetUint(x)
	case "float":
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return errors.New("a number")
		}
		f.SetFloat(x)
	case "bool":
		x, err := strconv.ParseBool(s)
		if err != nil {
			return errors.New("true or false")
		}
		f.SetBool(x)
	default:
		f.SetString(s)
	}
	return nil
}

// Format returns the value of the field named field of the struct p
// points to as Set would read it back, but "" for the zero value (and for
// a field that does not exist or is not exported): Value without the
// zero.
func Format(p any, field string) string {
	f, err := lookup(p, field)
	if err != nil || !f.IsValid() || !f.CanInterface() || f.IsZero() {
		return ""
	}
	return fmt.Sprint(f.Interface())
}

// Given returns a value as an error shows it: an empty one as "" in
// quotes, so that "--refine=" from an unset script variable reads
// `--refine "": want an integer`, not as a value left out.
func Given(value string) string {
	if value == "" {
		return `""`
	}
	return value
}

// Value returns the value of the field named field of the struct p points
// to as Set reads it back, the zero value included ("0", "false"; "" for
// a field that does not exist or is not exported).
func Value(p any, field string) string {
	f, err := lookup(p, field)
	if err != nil || !f.IsValid() || !f.CanInterface() {
		return ""
	}
	return fmt.Sprint(f.Interface())
}

// lookup returns the field named field of the struct p points to.
func lookup(p any, field string) (reflect.Value, error) {
	v := reflect.ValueOf(p)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return reflect.Value{}, fmt.Errorf("options: %T is not a pointer to a struct", p)
	}
	return v.Elem().FieldByName(field), nil
}

// kindOf returns the kind of f as Kind names it.
func kindOf(f reflect.Value) (string, error) {
	if !f.IsValid() || !f.CanSet() {
		return "", errors.New("no such field")
	}
	switch f.Kind() {
	case reflect.Int, reflect.Int64, reflect.Int32:
		return "int", nil
	case reflect.Uint64, reflect.Uint, reflect.Uint32:
		return "uint", nil
	case reflect.Float64:
		return "float", nil
	case reflect.Bool:
		return "bool", nil
	case reflect.String:
		return "string", nil
	}
	return "", fmt.Errorf("field of kind %s cannot be set from a string", f.Kind())
}

// List names options by field and flag, "Field/flag, ...", in their order:
// what a registry's error says it accepts. fieldFlag returns an option's
// field and flag.
func List[O any](opts []O, fieldFlag func(O) (field, flag string)) string {
	names := make([]string, len(opts))
	for i, o := range opts {
		field, flag := fieldFlag(o)
		names[i] = field + "/" + flag
	}
	return strings.Join(names, ", ")
}

// Made returns l when made is set (its package's New made it), else the
// learner build makes from the zero options: a learner declared rather
// than made by New fits as New's defaults say, not with the zero values
// New would have filled in (anchor's 0 iterations of its solver, VB's
// NaN weights). build cannot fail on the zero options; each learner
// package's test of its zero value checks it.
func Made[L any](l *L, made bool, build func() (*L, error)) *L {
	if made {
		return l
	}
	d, err := build()
	if err != nil {
		panic("options: the zero options are refused: " + err.Error())
	}
	return d
}
