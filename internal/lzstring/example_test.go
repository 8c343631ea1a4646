package lzstring_test

import (
	"fmt"

	"github.com/gosudoku/sudoku/internal/lzstring"
)

func Example() {
	link := lzstring.CompressToBase64(`{"size":9,"grid":[[{"value":5,"given":true}]]}`)
	fmt.Println("https://www.f-puzzles.com/?load=" + link)
	json, err := lzstring.DecompressFromBase64(link)
	fmt.Println(json, err)
	_, err = lzstring.DecompressFromBase64(link[:10])
	fmt.Println(err)
	// Output:
	// https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BWVNCImAOwQBcMqBfAXR66A==
	// {"size":9,"grid":[[{"value":5,"given":true}]]} <nil>
	// lz-string: character 11: the stream ends before its end code
}
