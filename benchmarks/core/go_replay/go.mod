module gammon42/goreplay

go 1.19
