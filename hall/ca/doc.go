// Package ca is the tournament hall's certificate authority: the hub makes
// (or takes) a hall CA, issues from it the certificates of its own NATS
// server and dashboard, of the other hubs of a cluster and of each table's
// console, and the tables verify the hub with the CA's certificate. A
// phone that trusts the CA once (docs/hall.md, "TLS on the hall's
// network") then opens the dashboard and every table's console over HTTPS
// without a warning.
//
// Since phones trust it, a CA made here may sign only the hall's names
// and addresses: its certificate carries X.509 name constraints
// (LocalDomains, the hall's own names, LocalNets), which every verifier
// enforces whatever its key signs, and Issue refuses a public name
// (CheckLocal, by the public suffix list of golang.org/x/net). A CA made
// before that has none (Constrained); Replace makes a new one.
//
// Everything is the standard library's crypto/x509 and crypto/tls: ECDSA
// P-256 keys, the CA valid 10 years, the certificates it issues 2 years.
// A directory holds the files, PEM: ca.crt (the CA's certificate, the one
// file every table needs), ca.key (its key, 0600: only where certificates
// are issued), and NAME.crt / NAME.key per certificate.
package ca
