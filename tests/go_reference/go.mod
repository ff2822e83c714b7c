module gammon42/reference

go 1.19
