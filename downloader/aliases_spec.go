package downloader

// The engine's faces (the window, haul get) speak in the words of the
// engine's parts: of an item's state and failures (package itemstate), of
// the saved record (record), of the list (items), of one try (try), of the
// way to the sites (network) and of names (names). The engine names them
// too, so its callers need one import; aliases.go is generated from the
// lines below, so a word added to a part is named here as soon as the file
// is generated again (make test checks it is up to date).
//
//go:generate go run ../tools/genaliases -o aliases.go
//
//genaliases: type:itemstate.ID type:itemstate.State consts:itemstate.State func:itemstate.ParseState
//genaliases: type:itemstate.ErrorKind consts:itemstate.ErrorKind type:itemstate.Reason consts:itemstate.Reason
//genaliases: type:itemstate.ItemError type:itemstate.NoteKind consts:itemstate.NoteKind type:itemstate.Note
//genaliases: const:rules.CertificateUnknownAuthority,CertificateWrongName,CertificateExpired,CertificateInvalid
//genaliases: type:record.Record type:record.Journal type:throttle.Status=SiteSlowed
//genaliases: type:items.Snapshot=ItemSnapshot type:items.Summary type:items.Delta type:items.Rejected
//genaliases: type:items.Controls type:items.Edit=ListEdit type:items.Intake type:items.Page
//genaliases: type:items.Restoring consts:items.Restoring const:items.ErrStarted,ErrNoName func:items.ListFull
//genaliases: type:try.PageFound type:try.Archive
//genaliases: type:network.Network type:network.SiteRule type:network.RefererRule consts:network.RefererRule
//genaliases: type:network.AgentRule consts:network.AgentRule const:network.BrowserUserAgent
//genaliases: type:network.ProxySettings type:network.ProxyMode consts:network.ProxyMode func:network.ParseProxy
//genaliases: type:network.PageRenderer
//genaliases: type:names.Policy=ExistsPolicy consts:names.Policy func:names.ParsePolicy=ParseExistsPolicy
