/// PayeeWord lists for the casing rule (`PayeeCasing`) and the location rule.
enum PayeeCasingWords {
    /// Connecting words kept lower case inside a title-cased name (`Bank of America`,
    /// `Café de Flore`, `Café an der Alster`). English and Romance articles are not here:
    /// `The`, `La`, `El` start names (`La Boutik`, `Pizzeria La Rosa`).
    static let small = """
    OF AND OR AT BY FOR IN ON TO AN ET UND DE DI DA DU DES DEL DELLA DELLE DEI DEGLI DOS DAS
    VON VAN ZU ZUM ZUR AM IM AUF AUS AUX AU OP TE VOOR
    """

    /// Articles: lower case right after a small word (`de la`, `von der`, `van den`).
    static let articles = """
    LA LE LES EL LOS LAS DER DEN DIE DAS HET THE IL LO GLI
    """

    /// Words after which a trailing place name is part of the name (`CAFE DE PARIS`,
    /// `PIZZA & CO`, `BANK OF AMERICA`).
    static let connectors = """
    & + AND OF DE DU DES DEL DA DI LA LE THE AT IN ON VON AUS AM IM VAN Y ET UND A À
    """

    /// Legal forms that end a company name (`STADTWERKE MUENCHEN GMBH ABSCHLAG STROM`).
    static let legalForms = """
    GMBH AG KG OHG UG LTD LIMITED INC INCORPORATED LLC LLP PLC CORP CORPORATION BV B.V B.V. NV N.V N.V.
    SA S.A S.A. SAS SARL S.A.R.L S.A.R.L. SRL S.R.L S.R.L. S.P.A S.P.A. AB ASA OY OYJ APS A/S SP.Z.O.O
    """

    /// Fixed written forms (`WORD=Form`) used when a name is title-cased.
    static let forms = """
    ATM=ATM LLC=LLC LLP=LLP INC=Inc LTD=Ltd PLC=PLC GMBH=GmbH AG=AG KG=KG OHG=OHG UG=UG EK=e.K.
    BV=BV B.V.=B.V. NV=NV SA=SA S.A.=S.A. SAS=SAS SARL=SARL SRL=SRL S.P.A.=S.p.A. AB=AB
    ASA=ASA OY=Oy APS=ApS SP.Z.O.O.=sp. z o.o. USA=USA UK=UK US=US EU=EU NYC=NYC LA=La
    TV=TV DVD=DVD BBQ=BBQ DJ=DJ MD=MD DDS=DDS CPA=CPA PC=PC YMCA=YMCA YWCA=YWCA UPS=UPS USPS=USPS
    II=II III=III IV=IV VI=VI VII=VII VIII=VIII IX=IX XL=XL XXL=XXL POS=POS ID=ID GPS=GPS
    HVAC=HVAC ADP=ADP PR=PR HR=HR NHS=NHS DMV=DMV IRS=IRS HMRC=HMRC DVLA=DVLA BBC=BBC ADAC=ADAC
    CA=CA NY=NY NJ=NJ NC=NC SC=SC ND=ND SD=SD NH=NH NM=NM NV=NV TX=TX FL=FL WA=WA VA=VA WV=WV
    WI=WI MN=MN MI=MI MS=MS MT=MT IL=IL IA=IA KS=KS KY=KY TN=TN UT=UT VT=VT AZ=AZ AR=AR CT=CT
    DC=DC RI=RI WY=WY NE=NE AK=AK PA=PA GA=GA MO=MO
    """
}
