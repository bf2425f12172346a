package jsonerr

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// Mismatch describes te as "field k holds a JSON string, want an
// integer"; whole names what holds a value without a field name (e.g.
// "the file").
func Mismatch(te *json.UnmarshalTypeError, whole string) string {
	where := whole
	if te.Field != "" {
		where = "field " + te.Field
	}
	return fmt.Sprintf("%s holds a JSON %s, want %s", where, te.Value, Kind(te.Type))
}

// Kind names, with its article, the JSON value that decodes into a Go
// value of type t.
func Kind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Pointer:
		return Kind(t.Elem())
	}
	return "a value of another kind"
}
