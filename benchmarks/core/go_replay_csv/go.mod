module gammon42/goreplaycsv

go 1.19
