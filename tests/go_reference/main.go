// The server's rating code from the article (shared/seeds, "Ο πραγματικός κώδικας"), with the
// constant Divisor turned into a parameter so custom divisors can be checked too. It reads lines
// "winnerELO loserELO winnerK loserK cube divisor" on stdin and prints "winner loser" per line.
// The Python tests compare gammon_elo against it: the Go program is the reference.
package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
)

type Change struct {
	Winner int
	Loser  int
}

func CalculateChangeWithK(winnerELO, loserELO, winnerK, loserK int, coefficient float64, divisor float64) Change {
	expectedWinner := expectedScore(winnerELO, loserELO, divisor)
	expectedLoser := 1 - expectedWinner

	return Change{
		Winner: int(math.Round(float64(winnerK) * (1 - expectedWinner) * coefficient)),
		Loser:  int(math.Round(float64(loserK) * (0 - expectedLoser) * coefficient)),
	}
}

func expectedScore(playerELO, opponentELO int, divisor float64) float64 {
	return 1.0 / (1.0 + math.Pow(10, float64(opponentELO-playerELO)/divisor))
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for {
		var w, l, wk, lk, cube int
		var divisor float64
		if _, err := fmt.Fscan(in, &w, &l, &wk, &lk, &cube, &divisor); err != nil {
			break
		}
		coefficient := 1 + math.Log2(float64(cube))/6
		c := CalculateChangeWithK(w, l, wk, lk, coefficient, divisor)
		fmt.Fprintf(out, "%d %d\n", c.Winner, c.Loser)
	}
}
