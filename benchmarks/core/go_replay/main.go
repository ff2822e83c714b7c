// A history replay as the server's Go code would run it: the article's CalculateChangeWithK for
// each ranked game, in time order, each player's ranked games of the last 7 days kept in a queue
// (a game exactly 7 days earlier no longer counts), K from that count. The benchmark
// (bench_compiled.py) times it as the compiled baseline in the same run.
//
// Usage: goreplay HISTORY.bin RATINGS.out divisor k heavyK heavyGames windowMicroseconds starting
// HISTORY.bin: int64 n, int64 players, then n × int32 winner, n × int32 loser (-1: podium),
// n × int64 time (µs), n × int8 log2(cube), n × int8 kind (0 ranked, 1 boosted,
// 2 tournament, 3 podium), n × int64 prize. Prints "seconds games" for the loop alone.
package main

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"time"
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

func read(r io.Reader, data interface{}) {
	if err := binary.Read(r, binary.LittleEndian, data); err != nil {
		panic(err)
	}
}

func main() {
	f, err := os.Open(os.Args[1])
	if err != nil {
		panic(err)
	}
	r := bufio.NewReaderSize(f, 1<<20)
	var n, players int64
	read(r, &n)
	read(r, &players)
	winner := make([]int32, n)
	loser := make([]int32, n)
	when := make([]int64, n)
	cube := make([]int8, n)
	kind := make([]int8, n)
	prize := make([]int64, n)
	read(r, winner)
	read(r, loser)
	read(r, when)
	read(r, cube)
	read(r, kind)
	read(r, prize)
	divisor, _ := strconv.ParseFloat(os.Args[3], 64)
	k, _ := strconv.Atoi(os.Args[4])
	heavyK, _ := strconv.Atoi(os.Args[5])
	heavyGames, _ := strconv.Atoi(os.Args[6])
	window, _ := strconv.ParseInt(os.Args[7], 10, 64)
	starting, _ := strconv.Atoi(os.Args[8])

	start := time.Now()
	rating := make([]int, players)
	for i := range rating {
		rating[i] = starting
	}
	recent := make([][]int64, players)
	kOf := func(p int32, t int64) int {
		q := recent[p]
		for len(q) > 0 && q[0] <= t-window {
			q = q[1:]
		}
		recent[p] = q
		if len(q) >= heavyGames {
			return heavyK
		}
		return k
	}
	for i := int64(0); i < n; i++ {
		w, l := winner[i], loser[i]
		switch kind[i] {
		case 3:
			rating[w] += int(prize[i])
		case 0:
			t := when[i]
			wk, lk := kOf(w, t), kOf(l, t)
			coefficient := 1 + math.Log2(float64(int(1)<<cube[i]))/6
			c := CalculateChangeWithK(rating[w], rating[l], wk, lk, coefficient, divisor)
			rating[w] += c.Winner
			rating[l] += c.Loser
			recent[w] = append(recent[w], t)
			recent[l] = append(recent[l], t)
		}
	}
	elapsed := time.Since(start).Seconds()

	out, err := os.Create(os.Args[2])
	if err != nil {
		panic(err)
	}
	wr := bufio.NewWriter(out)
	for _, v := range rating {
		fmt.Fprintln(wr, v)
	}
	wr.Flush()
	out.Close()
	fmt.Printf("%.6f %d\n", elapsed, n)
}
